import { formatDateTime, notificationMessages } from '@app/contracts';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useToken } from '../../../lib/use-auth.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAsRead } from '../api/mark-as-read.ts';
import { useNotificationsSocket } from '../api/notifications-socket.ts';
import styles from './notifications.module.css';

// Some notices lead somewhere to act: the seller's questions page, the product page where the
// answer was published, a saved search's view in Explorar, what a followed seller listed. The link's text by type.
const ACTION_LINKS: Record<string, string> = {
  question: 'Responder',
  question_answered: 'Ver respuesta',
  saved_search_match: 'Ver resultados',
  followed_seller: 'Ver publicación',
};

/** The user's notifications: unread ones are buttons that mark them read; read ones are dimmed. */
export function NotificationsList() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useNotifications(unreadOnly);
  const markAsRead = useMarkAsRead();
  const toast = useToast();
  const toggleId = useId();
  useNotificationsSocket(useToken());
  // The button of a notice just marked read becomes plain text: the focus moves to that text
  // instead of falling to the top of the page.
  const [justRead, setJustRead] = useState<number | null>(null);
  const focusOnMount = useCallback((node: HTMLElement | null) => node?.focus(), []);

  const items = query.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="stack">
      <label className="checkbox" htmlFor={toggleId}>
        <input
          id={toggleId}
          type="checkbox"
          checked={unreadOnly}
          onChange={(e) => setUnreadOnly(e.target.checked)}
        />
        Solo no leídas
      </label>
      {query.isPending ? (
        <Spinner label="Cargando notificaciones..." />
      ) : query.isError ? (
        <Alert kind="error" as="div">
          {notificationMessages.loadError}
        </Alert>
      ) : items.length === 0 ? (
        <p className="empty-state">{notificationMessages.empty}</p>
      ) : (
        <ul className={styles.list} aria-label="Notificaciones">
          {items.map((n) => {
            const body = (
              <>
                <span className={styles.head}>
                  <strong>{n.title}</strong>
                  {!n.is_read ? <Badge tone="info">Nueva</Badge> : null}
                </span>
                <span className={styles.message}>{n.message}</span>
                <time className={styles.time} dateTime={n.created_at}>
                  {formatDateTime(n.created_at)}
                </time>
              </>
            );
            return (
              <li key={n.id}>
                {n.is_read ? (
                  <div
                    className={`${styles.item} ${styles.read}`}
                    data-read="true"
                    tabIndex={n.id === justRead ? -1 : undefined}
                    ref={n.id === justRead ? focusOnMount : undefined}
                  >
                    {body}
                  </div>
                ) : (
                  <button
                    type="button"
                    className={styles.item}
                    data-read="false"
                    onClick={() => {
                      setJustRead(n.id);
                      markAsRead.mutate(n.id, { onError: () => toast.error(notificationMessages.markError) });
                    }}
                  >
                    {body}
                    {/* The name is the visible text plus what pressing does (label in name). */}
                    <span className="sr-only">. Marcar como leída</span>
                  </button>
                )}
                {n.link && ACTION_LINKS[n.type] ? (
                  <Link
                    to={n.link}
                    className={styles.link}
                    aria-label={`${ACTION_LINKS[n.type]}: ${n.message}`}
                  >
                    {ACTION_LINKS[n.type]}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Cargando...' : 'Ver más'}
        </Button>
      ) : null}
    </div>
  );
}
