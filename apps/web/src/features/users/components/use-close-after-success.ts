import { useCallback, useEffect, useRef, useState } from 'react';

/** A profile modal shows its success message and closes 1.5 s later. */
export const SUCCESS_CLOSE_DELAY_MS = 1500;

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

  return { success, succeed };
}
