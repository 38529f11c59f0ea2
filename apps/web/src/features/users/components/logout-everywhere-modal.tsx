import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

export const LOGOUT_EVERYWHERE_TITLE = 'Cerrar sesión en todos los dispositivos';
export const LOGOUT_EVERYWHERE_FAILED =
  'No se pudo cerrar la sesión en todos los dispositivos. Revisa tu conexión e inténtalo de nuevo.';

export interface LogoutEverywhereModalProps {
  open: boolean;
  onClose: () => void;
  /** Ends every session; rejects when the server did not confirm it. */
  onConfirm: () => Promise<void>;
}

/** Asks before ending every session of the account (this device included). */
export function LogoutEverywhereModal({ open, onClose, onConfirm }: LogoutEverywhereModalProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(errorMessage(error, LOGOUT_EVERYWHERE_FAILED));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`${LOGOUT_EVERYWHERE_TITLE}?`}
      describedBy="logout-everywhere-text"
      closeOnBackdrop={!busy}
      initialFocus="[data-cancel]"
      footer={
        <>
          <Button onClick={onClose} data-cancel="">
            Cancelar
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void confirm()}>
            {busy ? 'Cerrando sesiones…' : 'Cerrar todas las sesiones'}
          </Button>
        </>
      }
    >
      {failure && <Alert kind="error">{failure}</Alert>}
      <p id="logout-everywhere-text">
        Se cerrará tu sesión en este y en todos los demás dispositivos y navegadores donde la hayas iniciado.
        Tendrás que volver a iniciar sesión en cada uno.
      </p>
    </Modal>
  );
}
