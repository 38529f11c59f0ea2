import { type EmailChangeRequest, EmailChangeRequestSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useRequestEmailChange } from '../api/account-recovery.ts';
import { PasswordInput } from './password-input.tsx';
import { useCloseAfterSuccess } from './use-close-after-success.ts';

const CHANGE_EMAIL_FAILED = 'No se pudo pedir el cambio de correo. Por favor, intenta nuevamente.';
const EMPTY = { new_email: '', current_password: '', code: '' };

/** 'Cambiar correo': the new address and the current password; the link goes to the new address. */
export function ChangeEmailModal({
  open,
  onClose,
  currentEmail,
  askCode = false,
}: {
  open: boolean;
  onClose: () => void;
  currentEmail: string;
  /** Two-step verification is on: the change also takes a current code. */
  askCode?: boolean;
}) {
  const mutation = useRequestEmailChange();
  const [failure, setFailure] = useState<string | null>(null);
  const { success, succeed, dialogProps } = useCloseAfterSuccess(open, onClose);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<{ new_email: string; current_password: string; code?: unknown }, unknown, EmailChangeRequest>({
    resolver: zodResolver(EmailChangeRequestSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setFailure(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({ ...values, code: askCode ? values.code : undefined });
      reset(EMPTY);
      succeed(result.message);
    } catch (error) {
      // A taken address or a wrong password: the server's message under the field it is about.
      const fields = error instanceof ApiError ? error.fields : {};
      const takenMessage =
        error instanceof ApiError && error.code === 'EMAIL_TAKEN' ? error.message : undefined;
      const newEmail = takenMessage ?? fields.new_email;
      if (newEmail) setError('new_email', { message: newEmail });
      else if (fields.current_password) setError('current_password', { message: fields.current_password });
      else if (fields.code) setError('code', { message: fields.code });
      else setFailure(errorMessage(error, CHANGE_EMAIL_FAILED));
    }
  });

  return (
    <FormModal
      {...dialogProps(mutation.isPending, isDirty)}
      title="Cambiar correo"
      onSubmit={onSubmit}
      submitLabel="Enviar enlace de confirmación"
    >
      {success && <Alert kind="success">{success}</Alert>}
      {failure && <Alert kind="error">{failure}</Alert>}
      <p className="flush">
        Tu correo actual es <strong>{currentEmail}</strong>. Te enviaremos un enlace al nuevo correo; el
        cambio ocurre cuando lo abras, y avisaremos al correo actual.
      </p>
      <fieldset className="form plain-fieldset">
        <FormField label="Nuevo correo electrónico" required error={errors.new_email?.message}>
          <input
            className="input"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...register('new_email')}
          />
        </FormField>
        <FormField label="Contraseña actual" required error={errors.current_password?.message}>
          {(control) => (
            <PasswordInput autoComplete="current-password" {...control} {...register('current_password')} />
          )}
        </FormField>
        {askCode ? (
          <FormField label="Código de verificación" required error={errors.code?.message}>
            <input className="input" autoComplete="one-time-code" maxLength={40} {...register('code')} />
          </FormField>
        ) : null}
      </fieldset>
    </FormModal>
  );
}
