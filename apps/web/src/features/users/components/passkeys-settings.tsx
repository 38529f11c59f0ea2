import { formatLongDate, MAX_PASSKEYS, type Passkey, passkeyMessages } from '@app/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import {
  passkeysSupported,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/two-factor.ts';
import { ProofDialog } from './proof-dialog.tsx';
import styles from './second-factors.module.css';
import usersStyles from './users.module.css';

const LOAD_FAILED = 'No se pudieron cargar tus llaves de acceso.';
const ADD_FAILED = 'No se pudo agregar la llave de acceso. Intenta nuevamente.';
const FAILED = 'No se pudo completar la operación. Intenta nuevamente.';

const day = (iso: string) => formatLongDate(iso);

/** 'Llaves de acceso': add, name, list and remove the passkeys that open the account. */
export function PasskeysSettings({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  let body: ReactNode;
  if (passkeys.isPending) body = <Spinner label="Cargando llaves de acceso..." />;
  else if (passkeys.isError)
    body = (
      <div className="stack">
        <Alert kind="error">{LOAD_FAILED}</Alert>
        <p>
          <Button onClick={() => void passkeys.refetch()}>Reintentar</Button>
        </p>
      </div>
    );
  else if (passkeys.data.length === 0) body = <p>Todavía no tienes llaves de acceso.</p>;
  else
    body = (
      <ul className={styles.passkeys} aria-label="Tus llaves de acceso">
        {passkeys.data.map((p) => (
          <li key={p.id} className={styles.passkey}>
            <div>
              <div className={styles.passkeyName}>{p.name}</div>
              <div className={styles.passkeyMeta}>
                Agregada el {day(p.created_at)}
                {p.last_used_at ? ` · último uso el ${day(p.last_used_at)}` : ' · sin usar todavía'}
              </div>
            </div>
            <div className={styles.actions}>
              <Button onClick={() => setRenaming(p)} aria-label={`Renombrar ${p.name}`}>
                Renombrar
              </Button>
              <Button variant="danger" onClick={() => setRemoving(p)} aria-label={`Eliminar ${p.name}`}>
                Eliminar
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  const full = (passkeys.data?.length ?? 0) >= MAX_PASSKEYS;
  return (
    <section aria-labelledby="passkeys-title" className="stack">
      <h2 id="passkeys-title" className={usersStyles.sectionTitle}>
        Llaves de acceso
      </h2>
      <p>
        Entra sin contraseña con la huella, el rostro o el PIN de tu teléfono o computador. Una llave de
        acceso cuenta como los dos pasos de la verificación.
      </p>
      {body}
      {supported ? (
        <p>
          <Button variant="primary" onClick={() => setAdding(true)} disabled={full || passkeys.isPending}>
            Agregar llave de acceso
          </Button>
        </p>
      ) : (
        <Alert kind="info">Este navegador no admite llaves de acceso.</Alert>
      )}
      {full ? <p>{passkeyMessages.tooMany}.</p> : null}
      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog
        passkey={removing}
        twoFactorEnabled={twoFactorEnabled}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

function NameDialog({
  open,
  title,
  initial,
  submitLabel,
  pending,
  failure,
  fieldError,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  failure: string | null;
  fieldError: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [ownError, setOwnError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setOwnError(passkeyMessages.nameRequired);
    setOwnError(null);
    onSubmit(name);
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      closeOnBackdrop={!pending}
      pending={pending}
      footer={
        <>
          <Button onClick={onClose} busy={pending}>
            Cancelar
          </Button>
          <Button type="submit" form="passkey-name-form" variant="primary" busy={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id="passkey-name-form" className="form" onSubmit={submit} noValidate>
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <FormField label="Nombre de la llave" required error={ownError ?? fieldError ?? undefined}>
          <input
            className="input"
            maxLength={60}
            placeholder="Por ejemplo: Mi teléfono"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
      </form>
    </Modal>
  );
}

function AddPasskeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddPasskey();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    add.reset();
    onClose();
  };
  if (!open) return null;
  return (
    <NameDialog
      open
      title="Agregar llave de acceso"
      initial=""
      submitLabel="Crear llave"
      pending={add.isPending}
      failure={failure}
      fieldError={null}
      onClose={close}
      onSubmit={(name) => {
        setFailure(null);
        add.mutate(name, {
          onSuccess: close,
          onError: (error) =>
            setFailure(error instanceof ApiError ? errorMessage(error, ADD_FAILED) : ADD_FAILED),
        });
      }}
    />
  );
}

function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const rename = useRenamePasskey();
  const close = () => {
    rename.reset();
    onClose();
  };
  if (!passkey) return null;
  const error = rename.error;
  return (
    <NameDialog
      key={passkey.id}
      open
      title="Renombrar llave de acceso"
      initial={passkey.name}
      submitLabel="Guardar"
      pending={rename.isPending}
      failure={
        error && !(error instanceof ApiError && error.fields.name) ? errorMessage(error, FAILED) : null
      }
      fieldError={error instanceof ApiError ? (error.fields.name ?? null) : null}
      onClose={close}
      onSubmit={(name) => rename.mutate({ id: passkey.id, name }, { onSuccess: close })}
    />
  );
}

function RemovePasskeyDialog({
  passkey,
  twoFactorEnabled,
  onClose,
}: {
  passkey: Passkey | null;
  twoFactorEnabled: boolean;
  onClose: () => void;
}) {
  const remove = useRemovePasskey();
  return (
    <ProofDialog
      open={passkey !== null}
      onClose={onClose}
      title="Eliminar llave de acceso"
      intro={`«${passkey?.name ?? ''}» dejará de abrir tu cuenta. Confirma con tu contraseña${
        twoFactorEnabled ? ' o con un código de verificación' : ''
      }.`}
      submitLabel="Eliminar"
      asked={twoFactorEnabled ? 'password-or-code' : 'password'}
      failedMessage={FAILED}
      onConfirm={(proof) => (passkey ? remove.mutateAsync({ id: passkey.id, proof }) : Promise.resolve())}
    />
  );
}
