import { type ReactNode, useId } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question or consequence, e.g. '¿Eliminar esta dirección?'. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Disables the buttons and shows the pending label while the action runs. */
  pending?: boolean;
  pendingLabel?: string;
  /** An error to show inside the dialog (e.g. the server's message). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in an accessible modal; focus starts on the safe choice (Cancelar). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  danger = false,
  pending = false,
  pendingLabel = 'Procesando...',
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!pending) onCancel();
      }}
      title={title}
      describedBy={messageId}
      initialFocus="[data-confirm-cancel]"
      closeOnBackdrop={!pending}
      pending={pending}
      footer={
        <>
          <Button data-confirm-cancel onClick={onCancel} busy={pending}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="stack">
        <div id={messageId}>{message}</div>
        {error && <Alert kind="error">{error}</Alert>}
      </div>
    </Modal>
  );
}
