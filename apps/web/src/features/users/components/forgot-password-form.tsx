import { type PasswordResetRequest, PasswordResetRequestSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/account-recovery.ts';

const RESET_REQUEST_FAILED = 'No se pudo enviar la solicitud. Por favor, intenta nuevamente.';

/**
 * /recuperar: the address to send the link to. The answer is the same whether or not the address
 * has an account, so the page says only that.
 */
export function ForgotPasswordForm() {
  const mutation = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }, unknown, PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const result = await mutation.mutateAsync(email);
      setSent(result.message);
    } catch (error) {
      setFailure(errorMessage(error, RESET_REQUEST_FAILED));
    }
  });

  if (sent) {
    return (
      <Alert kind="success" as="div">
        <p className="flush">{sent}</p>
        <p className="flush">
          Revisa también la carpeta de correo no deseado. El enlace sirve durante 1 hora.
        </p>
      </Alert>
    );
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      {failure && <Alert kind="error">{failure}</Alert>}
      <FormField label="Correo electrónico" error={errors.email?.message}>
        <input
          className="input"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="tu@correo.com"
          {...register('email')}
        />
      </FormField>
      <Button type="submit" variant="primary" block busy={mutation.isPending}>
        {mutation.isPending ? 'Enviando...' : 'Enviar enlace'}
      </Button>
    </form>
  );
}
