import { twoFactorMessages } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { completeLogin } from '../api/two-factor.ts';

const FAILED = 'No se pudo verificar el código. Intenta nuevamente.';

/** The second step of a login: a code of the authenticator app or a recovery code. */
export function LoginCodeStep({
  challenge,
  onSuccess,
  onEnded,
}: {
  challenge: string;
  onSuccess: (token: string) => void;
  /** The challenge ended (expired or too many wrong codes): back to the password, with this message. */
  onEnded: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (code.trim() === '') {
      setFieldError(twoFactorMessages.codeRequired);
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      onSuccess(await completeLogin(challenge, code));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onEnded(twoFactorMessages.challengeEnded);
      else if (error instanceof ApiError && error.status === 400)
        setFieldError(error.fields?.code ?? error.message);
      else setFailure(errorMessage(error, FAILED));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
      <h2>Verificación en dos pasos</h2>
      <p>
        Escribe el código de 6 dígitos de tu aplicación de autenticación, o uno de tus códigos de
        recuperación.
      </p>
      {failure && <Alert kind="error">{failure}</Alert>}
      <FormField label="Código de verificación" error={fieldError ?? undefined}>
        <input
          className="input"
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <Button type="submit" variant="primary" block busy={pending}>
        Verificar
      </Button>
      <Button type="button" block onClick={() => onEnded('')} disabled={pending}>
        Volver
      </Button>
    </form>
  );
}
