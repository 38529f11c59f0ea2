import { BlockBuyerSchema, type BlockedBuyer, formatLongDate, trustMessages } from '@app/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBlockBuyer, useBlockedBuyers, useUnblockBuyer } from '../api/blocked-buyers.ts';
import styles from './blocked-buyers.module.css';

const BLOCK_FAILED = 'No se pudo bloquear al usuario. Intenta nuevamente.';
const UNBLOCK_FAILED = 'No se pudo desbloquear al usuario. Intenta nuevamente.';

/** What the last action said: the server's sentence, or why it failed. */
type Outcome = { kind: 'success' | 'error'; message: string } | null;

/**
 * 'Compradores bloqueados' in a seller's settings: who may not bid on, buy, make offers on or ask
 * about the seller's products (the questions page's 'Bloquear al usuario' adds to this same
 * list), a form to block by username and 'Desbloquear' on each row.
 */
export function BlockedBuyersSettings() {
  const [page, setPage] = useState(1);
  const list = useBlockedBuyers(page);
  const block = useBlockBuyer();
  const unblock = useUnblockBuyer();
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block.isPending) return;
    const parsed = BlockBuyerSchema.safeParse({ username });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? trustMessages.usernameRequired);
      return;
    }
    setFieldError(undefined);
    setOutcome(null);
    block.mutate(parsed.data.username, {
      onSuccess: ({ message }) => {
        setUsername('');
        setOutcome({ kind: 'success', message });
        // The newest block is first: on the first page.
        setPage(1);
      },
      // The server's reason (no such user, oneself, not a seller) belongs to the name typed.
      onError: (error) => setFieldError(errorMessage(error, BLOCK_FAILED)),
    });
  };

  const remove = (buyer: BlockedBuyer) => {
    setOutcome(null);
    unblock.mutate(buyer.username, {
      onSuccess: ({ message }) => {
        setOutcome({ kind: 'success', message });
        // The last row of a later page gone: that page is no more.
        if (page > 1 && list.data?.items.length === 1) setPage(page - 1);
      },
      onError: (error) => setOutcome({ kind: 'error', message: errorMessage(error, UNBLOCK_FAILED) }),
    });
  };

  let body: ReactNode;
  if (list.isPending) body = <Spinner label="Cargando compradores bloqueados..." />;
  else if (list.isError)
    body = (
      <div className="stack">
        <Alert kind="error">{errorMessage(list.error, trustMessages.blockedLoadError)}</Alert>
        <p className="flush">
          <Button onClick={() => void list.refetch()}>Reintentar</Button>
        </p>
      </div>
    );
  else if (list.data.items.length === 0) body = <p className="muted flush">{trustMessages.blockedEmpty}</p>;
  else
    body = (
      <>
        <ul className={styles.list} aria-label="Usuarios bloqueados">
          {list.data.items.map((buyer) => {
            const removing = unblock.isPending && unblock.variables === buyer.username;
            return (
              <li key={buyer.username} className={styles.row}>
                <SafeImage
                  src={buyer.avatar}
                  fallback={PLACEHOLDER_AVATAR}
                  alt=""
                  className={styles.avatar}
                  width={40}
                  height={40}
                />
                <div className={styles.who}>
                  <Link to={paths.publicProfile.getHref(buyer.username)} className={styles.name}>
                    {buyer.username}
                  </Link>
                  <span className={styles.since}>
                    {trustMessages.blockedSince(formatLongDate(buyer.blocked_at))}
                  </span>
                </div>
                <Button
                  size="sm"
                  className={styles.unblock}
                  aria-label={trustMessages.unblockAction(buyer.username)}
                  busy={removing}
                  onClick={() => remove(buyer)}
                >
                  {removing ? 'Desbloqueando…' : trustMessages.unblock}
                </Button>
              </li>
            );
          })}
        </ul>
        <Pager
          meta={list.data.meta}
          onPage={setPage}
          busy={list.isPlaceholderData}
          label="Páginas de compradores bloqueados"
        />
      </>
    );

  return (
    <section aria-labelledby="blocked-buyers-title" className="stack">
      <h2 id="blocked-buyers-title" className={styles.sectionTitle}>
        {trustMessages.blockedTitle}
      </h2>
      <p className="flush">{trustMessages.blockedIntro}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Bloquear a un comprador">
        <FormField label={trustMessages.blockLabel} error={fieldError} className={styles.field}>
          <input
            className="input"
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={60}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </FormField>
        <Button type="submit" variant="danger" busy={block.isPending} className={styles.submit}>
          {block.isPending ? 'Bloqueando…' : trustMessages.blockAction}
        </Button>
      </form>
      {outcome ? (
        <Alert kind={outcome.kind} className={styles.outcome}>
          {outcome.message}
        </Alert>
      ) : null}
      {body}
    </section>
  );
}
