import { useCallback, useEffect, useRef, useState } from 'react';

/** A profile modal shows its success message and closes 1.5 s later. */
const SUCCESS_CLOSE_DELAY_MS = 1500;

/** Success message state for a modal form plus the delayed close; resets when the modal reopens. */
export function useCloseAfterSuccess(open: boolean, onClose: () => void) {
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (open) setSuccess(null);
    return () => clearTimeout(timer.current);
  }, [open]);

  const succeed = useCallback((message: string) => {
    setSuccess(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onCloseRef.current(), SUCCESS_CLOSE_DELAY_MS);
  }, []);

  /**
   * The form dialog's state: once it has succeeded the submit stays busy and Cancelar reads
   * Cerrar; the backdrop closes it only while nothing was typed and nothing runs.
   */
  const dialogProps = (pending: boolean, dirty: boolean) => {
    const busy = pending || success !== null;
    return {
      open,
      onClose,
      pending,
      closeOnBackdrop: !dirty && !busy,
      cancelLabel: success ? 'Cerrar' : 'Cancelar',
      submitBusy: busy,
    };
  };

  return { success, succeed, dialogProps };
}
