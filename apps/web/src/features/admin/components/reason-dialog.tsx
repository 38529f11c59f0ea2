import { adminMessages } from '@app/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/**
 * An operator action that asks why (suspend, reinstate): the reason goes to the audit and, where
 * the action says so, to the person it concerns. The server's refusal shows inside the dialog.
 */
export function ReasonDialog({
  title,
  intro,
  label,
  required,
  submitLabel,
  pendingLabel,
  danger,
  failed,
  onSubmit,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  required: boolean;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  /** What to say when the call fails without a message of the server's. */
  failed: string;
  /** Resolves when done (the dialog then closes); rejects with the server's error. */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const introId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const text = reason.trim();
    if (required && !text) {
      setFieldError(adminMessages.reasonRequired);
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    setPending(true);
    try {
      await onSubmit(text);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, failed));
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      describedBy={introId}
      closeOnBackdrop={!pending && reason === ''}
      footer={
        <>
          <Button onClick={onClose} busy={pending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} busy={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div id={introId}>{intro}</div>
        {failure && <Alert kind="error">{failure}</Alert>}
        <FormField label={label} required={required} error={fieldError}>
          <textarea
            className="textarea"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
      </form>
    </Modal>
  );
}
