import { type LoginInput, LoginInputSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { loginErrorMessage, useLogin } from '../api/login.ts';
import { PasswordInput } from './password-input.tsx';

type LoginFormValues = { email: string; password: string };

/** Email + password; calls onSuccess with the token. */
export function LoginForm({ onSuccess }: { onSuccess: (token: string) => void }) {
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const token = await loginMutation.mutateAsync(values);
      onSuccess(token);
    } catch (error) {
      setFailure(loginErrorMessage(error));
    }
  });

  const pending = loginMutation.isPending;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={pending}>
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
      <FormField label="Contraseña" error={errors.password?.message}>
        {(control) => (
          <PasswordInput autoComplete="current-password" {...control} {...register('password')} />
        )}
      </FormField>
      <Button type="submit" variant="primary" block busy={pending}>
        Iniciar Sesión
      </Button>
    </form>
  );
}
