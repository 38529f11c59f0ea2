import { type AdminUser, adminMessages, formatNumber } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminUsers, useReinstateUser } from '../api/admin-users.ts';
import styles from './admin.module.css';
import { ClearStrikesDialog } from './clear-strikes-dialog.tsx';
import { InviteUserForm } from './invite-user-form.tsx';
import { SuspendUserDialog } from './moderation-dialogs.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { UserRecord } from './user-record.tsx';

const REINSTATE_FAILED = 'No se pudo reactivar la cuenta. Por favor, intenta nuevamente.';

/** 'Usuarios': invitations, the accounts (searchable), suspension and reinstatement. */
export function UsersTab() {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers(query, page);
  const reinstate = useReinstateUser();
  const [dialog, setDialog] = useState<{
    kind: 'suspend' | 'reinstate' | 'clear-strikes';
    user: AdminUser;
  } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const searchId = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
    setPage(1);
  };

  return (
    <>
      <InviteUserForm />
      <section className="stack" aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.sectionTitle}>
          Cuentas
        </h2>
        <search>
          <form className={styles.searchForm} onSubmit={search}>
            <FormField label="Buscar por usuario o correo" id={searchId}>
              <input
                className="input"
                type="search"
                maxLength={100}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </FormField>
            <Button type="submit">Buscar</Button>
          </form>
        </search>
        {notice && (
          <Alert kind="success" takeFocus>
            {notice}
          </Alert>
        )}
        {users.isPending ? (
          <Spinner label="Cargando usuarios..." />
        ) : users.isError ? (
          <LoadFailure
            message={errorMessage(users.error, adminMessages.usersLoadError)}
            onRetry={() => void users.refetch()}
          />
        ) : users.data.items.length === 0 ? (
          <p className="empty-state">{adminMessages.usersEmpty}</p>
        ) : (
          <>
            <p className={`flush ${styles.small}`} role="status">
              {users.data.meta.total === 1 ? '1 cuenta' : `${formatNumber(users.data.meta.total)} cuentas`}
              {query ? ` para «${query}»` : ''}
            </p>
            <ul className={styles.records} aria-label="Cuentas">
              {users.data.items.map((user) => (
                <UserRecord
                  key={user.id}
                  user={user}
                  onSuspend={() => {
                    setNotice(null);
                    setDialog({ kind: 'suspend', user });
                  }}
                  onReinstate={() => {
                    setNotice(null);
                    setDialog({ kind: 'reinstate', user });
                  }}
                  onClearStrikes={() => {
                    setNotice(null);
                    setDialog({ kind: 'clear-strikes', user });
                  }}
                />
              ))}
            </ul>
            <Pager
              meta={users.data.meta}
              onPage={setPage}
              busy={users.isFetching}
              label="Páginas de cuentas"
            />
          </>
        )}
      </section>
      {dialog?.kind === 'suspend' && (
        <SuspendUserDialog user={dialog.user} onDone={setNotice} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reinstate' && (
        <ReasonDialog
          title={`Reactivar a ${dialog.user.username}`}
          intro={
            <p className="flush">
              Podrá volver a entrar y usar su cuenta. Los productos retirados siguen retirados.
            </p>
          }
          label="Nota (opcional)"
          required={false}
          submitLabel="Reactivar"
          pendingLabel="Reactivando..."
          failed={REINSTATE_FAILED}
          onClose={() => setDialog(null)}
          onSubmit={async (reason) => {
            const result = await reinstate.mutateAsync({ id: dialog.user.id, reason });
            setNotice(result.message);
          }}
        />
      )}
      {dialog?.kind === 'clear-strikes' && (
        <ClearStrikesDialog user={dialog.user} onDone={setNotice} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
