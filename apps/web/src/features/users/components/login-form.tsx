import { type LoginInput, LoginInputSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { loginErrorMessage, useLogin } from '../api/login.ts';
import { LoginCodeStep } from './login-code-step.tsx';
import { PasskeyLoginButton } from './passkey-login-button.tsx';
import { PasswordInput } from './password-input.tsx';

type LoginFormValues = { email: string; password: string };

/**
 * Email + password, then the code step when the account has two-step verification on; or a
 * passkey, which is both steps. Calls onSuccess with the session's token.
 */
export function LoginForm({ onSuccess }: { onSuccess: (token: string) => void }) {
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
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
      const outcome = await loginMutation.mutateAsync(values);
      if ('challenge' in outcome) setChallenge(outcome.challenge);
      else onSuccess(outcome.token);
    } catch (error) {
      setFailure(loginErrorMessage(error));
    }
  });

  if (challenge) {
    return (
      <LoginCodeStep
        challenge={challenge}
        onSuccess={onSuccess}
        onEnded={(message) => {
          setChallenge(null);
          setFailure(message);
        }}
      />
    );
  }

  const pending = loginMutation.isPending;
  return (
    <div className="stack">
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        {failure && <Alert kind="error">{failure}</Alert>}
        <FormField label="Correo electrónico" error={errors.email?.message}>
          <input
            className="input"
            type="email"
            autoComplete="username webauthn"
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
      <PasskeyLoginButton onSuccess={onSuccess} />
    </div>
  );
}
