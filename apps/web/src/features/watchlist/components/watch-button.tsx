import { watchlistMessages } from '@app/contracts';
import { Link } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';
import { useToggleWatch, useWatchlist } from '../api/watchlist.ts';
import styles from './watchlist.module.css';

/** The heart toggle: follows a product in 'Favoritos' (optimistic; rolls back on error). */
export function WatchButton({ productId, name }: { productId: number; name: string }) {
  const loggedIn = useIsLoggedIn();
  const list = useWatchlist();
  const toggle = useToggleWatch();
  const toast = useToast();
  const watching = list.data?.items.some((i) => i.product_id === productId) ?? false;

  const heart = (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.5 5c2 0 3.4 1.1 4.3 2.4h2.4C14.1 6.1 15.5 5 17.5 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z"
        fill={watching ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );

  // Without a session the heart is a link to the login (it works before the app's code runs, as
  // the server renders it); the app keeps this page as where to come back to.
  if (!loggedIn)
    return (
      <Link
        to={paths.login.getHref()}
        className={styles.heart}
        aria-label={watchlistMessages.add(name)}
        title="Agregar a Favoritos"
        onClick={() => authStorage.setRedirect(window.location.pathname + window.location.search)}
        data-watching={false}
      >
        {heart}
      </Link>
    );

  const onClick = () => {
    toggle.mutate(
      { product: { product_id: productId, name }, watching: !watching },
      { onError: () => toast.error(watchlistMessages.toggleError) },
    );
  };

  return (
    <button
      type="button"
      className={styles.heart}
      aria-pressed={watching}
      aria-label={watching ? watchlistMessages.remove(name) : watchlistMessages.add(name)}
      title={watching ? 'Quitar de Favoritos' : 'Agregar a Favoritos'}
      onClick={onClick}
      data-watching={watching}
    >
      {heart}
    </button>
  );
}
