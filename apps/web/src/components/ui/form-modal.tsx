import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface FormModalProps {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** Its request is under way: the dialog stays open and both buttons are busy. */
  pending?: boolean;
  submitLabel: ReactNode;
  pendingLabel?: ReactNode;
  /** A red submit button, for what cannot be taken back. */
  danger?: boolean;
  /** The submit button is busy for longer than the request (e.g. while a success shows). */
  submitBusy?: boolean;
  submitDisabled?: boolean;
  cancelLabel?: ReactNode;
  /** False keeps the dialog open on backdrop clicks (e.g. with input the user would lose). */
  closeOnBackdrop?: boolean;
  describedBy?: string;
  formClassName?: string;
  /** Shown instead of the form while it cannot be filled in: loading, a load error, the result. */
  body?: ReactNode;
  /** Instead of Cancelar and the submit button (e.g. a single 'Listo' once it is done). */
  footer?: ReactNode;
  /** The form's content. */
  children?: ReactNode;
}

/**
 * A dialog around one form: the form, Cancelar and the submit button under it (the button is
 * outside the form, tied to it by the form's id), both busy while the request runs.
 */
export function FormModal({
  open = true,
  title,
  onClose,
  onSubmit,
  pending = false,
  submitLabel,
  pendingLabel = 'Guardando...',
  danger = false,
  submitBusy = pending,
  submitDisabled,
  cancelLabel = 'Cancelar',
  closeOnBackdrop = true,
  describedBy,
  formClassName = 'form',
  body,
  footer,
  children,
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      describedBy={describedBy}
      closeOnBackdrop={closeOnBackdrop}
      pending={pending}
      footer={
        footer ?? (
          <>
            <Button onClick={onClose} busy={pending}>
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              form={formId}
              variant={danger ? 'danger' : 'primary'}
              busy={submitBusy}
              disabled={submitDisabled}
            >
              {pending ? pendingLabel : submitLabel}
            </Button>
          </>
        )
      }
    >
      {body ?? (
        <form id={formId} className={formClassName} onSubmit={(event) => void onSubmit(event)} noValidate>
          {children}
        </form>
      )}
    </Modal>
  );
}
