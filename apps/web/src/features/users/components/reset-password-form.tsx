import { type PasswordResetForm, PasswordResetFormSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useConfirmPasswordReset } from '../api/account-recovery.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const RESET_FAILED = 'No se pudo cambiar la contraseña. Por favor, intenta nuevamente.';
const EMPTY = { new_password: '', confirm_password: '' };

/**
 * /restablecer/{token}: the new password twice (the change-password rules). A link that no longer
 * works says so and offers a new one (`invalidLink`).
 */
export function ResetPasswordForm({
  token,
  onDone,
  invalidLink,
}: {
  token: string;
  onDone: (message: string) => void;
  invalidLink: (message: string) => ReactNode;
}) {
  const mutation = useConfirmPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetForm>({ resolver: zodResolver(PasswordResetFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ new_password }) => {
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({ token, password: new_password });
      onDone(result.message);
    } catch (error) {
      setFailure(errorMessage(error, RESET_FAILED));
    }
  });

  const error = mutation.error;
  if (error instanceof ApiError && error.code === 'RESET_LINK_INVALID') return invalidLink(error.message);
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      {failure && <Alert kind="error">{failure}</Alert>}
      <NewPasswordFields
        password={register('new_password')}
        passwordError={errors.new_password?.message}
        confirmation={register('confirm_password')}
        confirmationError={errors.confirm_password?.message}
      />
      <Button type="submit" variant="primary" block busy={mutation.isPending}>
        {mutation.isPending ? 'Guardando...' : 'Guardar contraseña'}
      </Button>
    </form>
  );
}
