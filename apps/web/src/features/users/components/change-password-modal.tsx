import { type ChangePasswordForm, ChangePasswordFormSchema, userMessages } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PasswordInput } from './password-input.tsx';
import { useCloseAfterSuccess } from './use-close-after-success.ts';

const CHANGE_PASSWORD_FAILED = 'Ha ocurrido un error al cambiar la contraseña';
const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** 'Seguridad': current, new and confirmation. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const { success, succeed, dialogProps } = useCloseAfterSuccess(open, onClose);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setFailure(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ current_password, new_password });
      reset(EMPTY);
      succeed(userMessages.passwordUpdated);
    } catch (error) {
      setFailure(errorMessage(error, CHANGE_PASSWORD_FAILED));
    }
  });

  return (
    <FormModal
      {...dialogProps(mutation.isPending, isDirty)}
      title="Cambiar contraseña"
      onSubmit={onSubmit}
      submitLabel="Cambiar contraseña"
    >
      {success && <Alert kind="success">{success}</Alert>}
      {failure && <Alert kind="error">{failure}</Alert>}
      <fieldset className="form plain-fieldset">
        <FormField label="Contraseña actual" required error={errors.current_password?.message}>
          {(control) => (
            <PasswordInput autoComplete="current-password" {...control} {...register('current_password')} />
          )}
        </FormField>
        <NewPasswordFields
          password={register('new_password')}
          passwordError={errors.new_password?.message}
          confirmation={register('confirm_password')}
          confirmationError={errors.confirm_password?.message}
        />
      </fieldset>
    </FormModal>
  );
}
