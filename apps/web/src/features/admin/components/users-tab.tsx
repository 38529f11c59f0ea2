import {
  type AdminUser,
  adminMessages,
  formatLongDate,
  formatNumber,
  type InviteUserInput,
  InviteUserInputSchema,
  type InviteUserResponse,
  STRIKES_TO_BLOCK,
  userStatusLabels,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminUsers, useClearStrikes, useInviteUser, useReinstateUser } from '../api/admin-users.ts';
import styles from './admin.module.css';
import { SuspendUserDialog } from './moderation-dialogs.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const INVITE_FAILED = 'No se pudo crear la invitación. Por favor, intenta nuevamente.';
const CLEAR_STRIKES_FAILED = 'No se pudieron borrar las compras sin pagar. Por favor, intenta nuevamente.';
const REINSTATE_FAILED = 'No se pudo reactivar la cuenta. Por favor, intenta nuevamente.';
type InviteFormValues = { email: string; username: string; is_seller?: boolean };
const EMPTY_INVITE: InviteFormValues = { email: '', username: '', is_seller: false };

/** The link to hand over, with a button that copies it. */
function InviteLink({ invitation }: { invitation: InviteUserResponse }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.invite_url);
      setCopied(true);
    } catch {
      // Without clipboard access (an insecure origin, a refusal) the text is left selected to copy by hand.
      inputRef.current?.select();
      setCopied(false);
    }
  };
  return (
    <div className="stack">
      <Alert kind="success" takeFocus>
        {invitation.message}
      </Alert>
      <FormField
        label="Enlace de invitación"
        hint={`Sirve una sola vez, hasta el ${formatLongDate(invitation.expires_at)}. También lo enviamos por correo.`}
      >
        {(control) => (
          <div className={styles.copyRow}>
            <input
              ref={inputRef}
              {...control}
              className="input"
              readOnly
              value={invitation.invite_url}
              onFocus={(event) => event.target.select()}
            />
            <Button onClick={() => void copy()}>Copiar enlace</Button>
          </div>
        )}
      </FormField>
      <p className="sr-only" role="status">
        {copied === true ? 'Enlace copiado' : copied === false ? 'Selecciona el enlace y cópialo' : ''}
      </p>
      {copied !== null && (
        <p className={`flush ${styles.small}`} aria-hidden="true">
          {copied ? 'Enlace copiado.' : 'No se pudo copiar: el enlace quedó seleccionado para copiarlo.'}
        </p>
      )}
    </div>
  );
}

function InviteForm() {
  const titleId = useId();
  const mutation = useInviteUser();
  const [failure, setFailure] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<InviteUserResponse | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteFormValues, unknown, InviteUserInput>({
    resolver: zodResolver(InviteUserInputSchema),
    defaultValues: EMPTY_INVITE,
  });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    setInvitation(null);
    try {
      const result = await mutation.mutateAsync(input);
      setInvitation(result);
      reset(EMPTY_INVITE);
    } catch (error) {
      setFailure(errorMessage(error, INVITE_FAILED));
    }
  });

  return (
    <section className={`card ${styles.inviteCard}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {adminMessages.inviteTitle}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {failure && <Alert kind="error">{failure}</Alert>}
        <div className={styles.inviteGrid}>
          <FormField label="Correo electrónico" required error={errors.email?.message}>
            <input className="input" type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label="Nombre de usuario" required error={errors.username?.message}>
            <input
              className="input"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              {...register('username')}
            />
          </FormField>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register('is_seller')} />
          Puede vender (cuenta de vendedor)
        </label>
        <Button type="submit" variant="primary" className="self-start" busy={mutation.isPending}>
          {mutation.isPending ? 'Creando...' : adminMessages.inviteSubmit}
        </Button>
      </form>
      {invitation && <InviteLink invitation={invitation} />}
    </section>
  );
}

/** Unpaid won items in the last year that stop an account bidding and buying (the server's rule). */

const strikesText = (count: number) =>
  count === 0 ? 'Ninguna' : count === 1 ? '1 en el último año' : `${formatNumber(count)} en el último año`;

function UserRecord({
  user,
  onSuspend,
  onReinstate,
  onClearStrikes,
}: {
  user: AdminUser;
  onSuspend: () => void;
  onReinstate: () => void;
  onClearStrikes: () => void;
}) {
  return (
    <li className={`${styles.record} ${styles.userRecord}`} data-user-id={user.id}>
      <div className={styles.cell}>
        <span className={styles.strong}>{user.username}</span>
        <span className={styles.small}>{user.email}</span>
        <span className={styles.badges}>
          <Badge tone={user.status === 'active' ? 'success' : 'danger'}>
            {userStatusLabels[user.status]}
          </Badge>
          {user.is_seller && <Badge tone="info">Vendedor</Badge>}
          {user.is_operator && <Badge tone="accent">Operador</Badge>}
          {!user.has_password && <Badge tone="warning">Invitación pendiente</Badge>}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Miembro desde</span>
        <span>{formatLongDate(user.created_at)}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Ventas / compras</span>
        <span>
          {formatNumber(user.sales_count)} / {formatNumber(user.purchases_count)}
        </span>
        {user.status === 'suspended' && user.suspension_reason && (
          <span className={styles.small}>Motivo de la suspensión: {user.suspension_reason}</span>
        )}
      </div>
      <div className={styles.cell} data-strikes={user.unpaid_strikes}>
        <span className={styles.cellLabel}>Compras sin pagar</span>
        <span>{strikesText(user.unpaid_strikes)}</span>
        {user.unpaid_strikes >= STRIKES_TO_BLOCK && (
          <span>
            <Badge tone="danger">No puede pujar ni comprar</Badge>
          </span>
        )}
      </div>
      <div className={styles.rowActions}>
        {user.unpaid_strikes > 0 && (
          <Button size="sm" onClick={onClearStrikes}>
            Borrar compras sin pagar<span className="sr-only"> de {user.username}</span>
          </Button>
        )}
        {user.status === 'suspended' ? (
          <Button size="sm" onClick={onReinstate}>
            Reactivar<span className="sr-only"> la cuenta de {user.username}</span>
          </Button>
        ) : user.is_operator ? null : (
          <Button size="sm" variant="danger" onClick={onSuspend}>
            Suspender<span className="sr-only"> la cuenta de {user.username}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** Asks before clearing an account's unpaid strikes; the server's refusal shows inside. */
function ClearStrikesDialog({
  user,
  onDone,
  onClose,
}: {
  user: AdminUser;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const clear = useClearStrikes();
  const [failure, setFailure] = useState<string | null>(null);
  const count = user.unpaid_strikes;
  const confirm = async () => {
    setFailure(null);
    try {
      const result = await clear.mutateAsync(user.id);
      onDone(result.message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, CLEAR_STRIKES_FAILED));
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Borrar las compras sin pagar de ${user.username}`}
      message={
        <p className="flush">
          {count === 1
            ? `${user.username} tiene 1 compra ganada sin pagar en el último año.`
            : `${user.username} tiene ${formatNumber(count)} compras ganadas sin pagar en el último año.`}{' '}
          Al borrarlas, dejan de contar para el bloqueo de pujas y compras (con {STRIKES_TO_BLOCK} no puede
          pujar ni comprar). La acción queda en el registro.
        </p>
      }
      confirmLabel="Borrar compras sin pagar"
      pending={clear.isPending}
      pendingLabel="Borrando..."
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

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
      <InviteForm />
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
