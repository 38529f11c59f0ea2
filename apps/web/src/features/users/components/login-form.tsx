import type { LoginInput } from '@app/contracts';
import { lazy, Suspense, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { loginErrorMessage, useLogin } from '../api/login.ts';
import { PasskeyLoginButton } from './passkey-login-button.tsx';
import { PasswordInput } from './password-input.tsx';

type LoginFormValues = { email: string; password: string };

/**
 * The form's check (zod and the users' schemas) loads when the person first reaches for the form,
 * not with the page: built when imported, it was the login page's longest task on a phone (about
 * 240 ms at a 4x slower CPU). The check waits for it if it has not arrived by then.
 */
const loadValidation = () => import('../lib/login-validation.ts');
// The code step (its texts share a module with the second factor's schemas) likewise: it is
// shown only to an account with two-step verification, once the password step has answered.
const loadCodeStep = () => import('./login-code-step.tsx');
const LoginCodeStep = lazy(() => loadCodeStep().then((module) => ({ default: module.LoginCodeStep })));
const prepare = () => {
  void loadValidation();
  void loadCodeStep();
};
const resolver: Resolver<LoginFormValues, unknown, LoginInput> = (values, context, options) =>
  loadValidation().then(({ resolveLogin }) => resolveLogin(values, context, options));

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
    resolver,
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
      <Suspense fallback={null}>
        <LoginCodeStep
          challenge={challenge}
          onSuccess={onSuccess}
          onEnded={(message) => {
            setChallenge(null);
            setFailure(message);
          }}
        />
      </Suspense>
    );
  }

  const pending = loginMutation.isPending;
  return (
    <div className="stack">
      <form className="form" onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={pending}>
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
