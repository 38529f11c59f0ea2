import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

const LOGOUT_EVERYWHERE_TITLE = 'Cerrar sesión en todos los dispositivos';
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
  // Mounted fresh on each opening: no failure is left from an earlier attempt.
  return open ? <LogoutEverywhereDialog onClose={onClose} onConfirm={onConfirm} /> : null;
}

function LogoutEverywhereDialog({ onClose, onConfirm }: Omit<LogoutEverywhereModalProps, 'open'>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

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
    <ConfirmDialog
      open
      title={`${LOGOUT_EVERYWHERE_TITLE}?`}
      message={
        <p className="flush">
          Se cerrará tu sesión en este y en todos los demás dispositivos y navegadores donde la hayas
          iniciado. Tendrás que volver a iniciar sesión en cada uno.
        </p>
      }
      confirmLabel="Cerrar todas las sesiones"
      danger
      pending={busy}
      pendingLabel="Cerrando sesiones…"
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
