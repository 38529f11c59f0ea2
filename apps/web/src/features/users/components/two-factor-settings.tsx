import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import {
  downloadRecoveryCodes,
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
} from '../api/two-factor.ts';
import { PasswordInput } from './password-input.tsx';
import { ProofDialog } from './proof-dialog.tsx';
import styles from './second-factors.module.css';
import { SettingCard } from './setting-card.tsx';
import usersStyles from './users.module.css';

const FAILED = 'No se pudo completar la operación. Intenta nuevamente.';

/** 'Verificación en dos pasos': turn it on with an authenticator app, or off. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  return (
    <section aria-labelledby="two-factor-title" className="stack">
      <h2 id="two-factor-title" className={usersStyles.sectionTitle}>
        Verificación en dos pasos
      </h2>
      <p>
        Estado: <span className={styles.status}>{enabled ? 'Activada' : 'Desactivada'}</span>.{' '}
        {enabled
          ? 'Al entrar, además de tu contraseña te pedimos un código de tu aplicación de autenticación.'
          : 'Protege tu cuenta pidiendo, además de la contraseña, un código de una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…).'}
      </p>
      <ul className={usersStyles.settings}>
        {enabled ? (
          <SettingCard
            title="Desactivar la verificación en dos pasos"
            hint="Pide tu contraseña y un código"
            onClick={() => setDialog('disable')}
            danger
          />
        ) : (
          <SettingCard
            title="Activar la verificación en dos pasos"
            hint="Con un código QR y tu aplicación de autenticación"
            onClick={() => setDialog('enable')}
          />
        )}
      </ul>
      <EnableTwoFactorDialog open={dialog === 'enable'} onClose={() => setDialog(null)} />
      <DisableTwoFactorDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </section>
  );
}

/** The QR picture of the otpauth URL (the qrcode library loads only when a set-up starts). */
function QrCode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => live && setSvg(text))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);
  if (failed)
    return <Alert kind="error">No se pudo dibujar el código QR: escribe la clave en tu aplicación.</Alert>;
  if (!svg) return <p aria-live="polite">Preparando el código QR…</p>;
  return (
    <img
      className={styles.qr}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="Código QR para agregar tu cuenta a la aplicación de autenticación"
      width={200}
      height={200}
    />
  );
}

function EnableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = setup.isPending || enable.isPending;
  const secret = setup.data;
  const codes = enable.data?.recovery_codes;

  const close = () => {
    setPassword('');
    setCode('');
    setFieldError(null);
    setFailure(null);
    setup.reset();
    enable.reset();
    onClose();
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) setFieldError(error.message);
    else setFailure(errorMessage(error, FAILED));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!secret) {
      if (password === '') return setFieldError('La contraseña actual es obligatoria');
      setFieldError(null);
      await setup.mutateAsync(password).catch(fail);
      return;
    }
    if (code.trim() === '') return setFieldError('El código es obligatorio');
    setFieldError(null);
    await enable.mutateAsync(code).catch(fail);
  };

  const footer = codes ? (
    <>
      <Button onClick={() => downloadRecoveryCodes(codes)}>Descargar códigos</Button>
      <Button variant="primary" onClick={close}>
        Listo
      </Button>
    </>
  ) : (
    <>
      <Button onClick={close} busy={pending}>
        Cancelar
      </Button>
      <Button type="submit" form="enable-2fa-form" variant="primary" busy={pending}>
        {secret ? 'Activar' : 'Continuar'}
      </Button>
    </>
  );

  return (
    <Modal
      open={open}
      onClose={close}
      title="Activar la verificación en dos pasos"
      closeOnBackdrop={!pending && !codes}
      pending={pending}
      footer={footer}
    >
      {codes ? (
        <div className="stack">
          <Alert kind="success">Verificación en dos pasos activada.</Alert>
          <p>
            Guarda estos códigos de recuperación en un lugar seguro: cada uno sirve una sola vez para entrar
            si pierdes tu teléfono. No los volveremos a mostrar.
          </p>
          <ul className={styles.codes} aria-label="Códigos de recuperación">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ) : (
        <form id="enable-2fa-form" className="form" onSubmit={submit} noValidate>
          {failure ? <Alert kind="error">{failure}</Alert> : null}
          {secret ? (
            <>
              <p>1. Escanea este código con tu aplicación de autenticación.</p>
              <QrCode value={secret.otpauth_url} />
              <p>O escribe esta clave en la aplicación:</p>
              <p className={styles.secret} data-testid="totp-secret">
                {secret.secret}
              </p>
              <p>2. Escribe el código de 6 dígitos que muestra la aplicación.</p>
              <FormField label="Código de verificación" required error={fieldError ?? undefined}>
                <input
                  className="input"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={40}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              </FormField>
            </>
          ) : (
            <>
              <p>Para empezar, confirma tu contraseña.</p>
              <FormField label="Contraseña actual" required error={fieldError ?? undefined}>
                {(control) => (
                  <PasswordInput
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    {...control}
                  />
                )}
              </FormField>
            </>
          )}
        </form>
      )}
    </Modal>
  );
}

function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useTwoFactorDisable();
  return (
    <ProofDialog
      open={open}
      onClose={onClose}
      title="Desactivar la verificación en dos pasos"
      intro="Tu cuenta quedará protegida solo por tu contraseña."
      submitLabel="Desactivar"
      asked="password-and-code"
      failedMessage={FAILED}
      onConfirm={(proof) =>
        disable.mutateAsync({ current_password: proof.current_password ?? '', code: proof.code ?? '' })
      }
    />
  );
}
