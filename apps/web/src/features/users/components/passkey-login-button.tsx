import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { loginWithPasskey, passkeysSupported } from '../api/two-factor.ts';

const CANCELLED = 'No se completó el inicio de sesión con la llave de acceso.';

/** 'Iniciar sesión con llave de acceso': no password and no code (a passkey is both steps). */
export function PasskeyLoginButton({ onSuccess }: { onSuccess: (token: string) => void }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  const start = async () => {
    setFailure(null);
    setPending(true);
    try {
      onSuccess(await loginWithPasskey());
    } catch (error) {
      // The browser's own refusals (cancelled, timed out) are not ApiErrors.
      setFailure(error instanceof ApiError && error.status !== 500 ? error.message : CANCELLED);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="stack">
      {failure && <Alert kind="error">{failure}</Alert>}
      <Button type="button" block busy={pending} onClick={() => void start()}>
        Iniciar sesión con llave de acceso
      </Button>
    </div>
  );
}
