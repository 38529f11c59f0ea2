import { personalDataMessages as m, type OpenItem } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { openItemsOf, useDeleteAccount, useDownloadPersonalData } from '../api/personal-data.ts';
import { PasswordInput } from './password-input.tsx';
import { SettingCard } from './setting-card.tsx';
import styles from './users.module.css';

const DELETE_FAILED = 'No se pudo eliminar tu cuenta. Intenta nuevamente.';

/** 'Tus datos': download everything held about you, or delete the account. */
export function PersonalDataSettings({ onDeleted }: { onDeleted: () => void }) {
  const download = useDownloadPersonalData();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="personal-data-title" className="stack">
      <h2 id="personal-data-title" className={styles.sectionTitle}>
        Tus datos
      </h2>
      {download.isError ? <Alert kind="error">{errorMessage(download.error, m.exportError)}</Alert> : null}
      <ul className={styles.settings}>
        <SettingCard
          title={download.isPending ? 'Preparando archivo…' : m.exportTitle}
          hint={m.exportHint}
          onClick={() => download.mutate()}
          disabled={download.isPending}
          busy={download.isPending}
        />
        <SettingCard title={m.deleteTitle} hint={m.deleteHint} onClick={() => setDeleting(true)} danger />
      </ul>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
    </section>
  );
}

/** Asks the password; shows what is still open when the server refuses. */
function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const mutation = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [openItems, setOpenItems] = useState<OpenItem[] | null>(null);

  const close = () => {
    setPassword('');
    setFieldError(null);
    setFailure(null);
    setOpenItems(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setOpenItems(null);
    if (password === '') {
      setFieldError(m.passwordRequired);
      return;
    }
    setFieldError(null);
    try {
      await mutation.mutateAsync(password);
      onDeleted();
    } catch (error) {
      const items = openItemsOf(error);
      if (items) setOpenItems(items);
      setFailure(errorMessage(error, DELETE_FAILED));
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={m.deleteTitle}
      closeOnBackdrop={!mutation.isPending}
      pending={mutation.isPending}
      footer={
        <>
          <Button onClick={close} busy={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="delete-account-form" variant="danger" busy={mutation.isPending}>
            {mutation.isPending ? 'Eliminando…' : 'Eliminar definitivamente'}
          </Button>
        </>
      }
    >
      <form id="delete-account-form" className="form" onSubmit={submit} noValidate>
        <p>{m.deleteConfirm}</p>
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        {openItems && openItems.length > 0 ? (
          <div className="stack">
            <p className={styles.openItemsTitle}>{m.openItemsTitle}</p>
            <ul className={styles.openItems} aria-label={m.openItemsTitle}>
              {openItems.map((item) => (
                <li key={`${item.type}-${item.id}`}>
                  <span className={styles.openItemType}>{m.openItemLabels[item.type]}</span>{' '}
                  <span>{item.name}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <FormField label="Contraseña" required error={fieldError ?? undefined}>
          {(control) => (
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...control}
            />
          )}
        </FormField>
      </form>
    </Modal>
  );
}
