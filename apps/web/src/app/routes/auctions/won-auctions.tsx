import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { WonAuctionsView } from '../../../features/payments/components/won-auctions-view.tsx';
import { authStorage } from '../../../lib/auth-storage.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

/** /auctions/won/: allowed by the route table, but the list is the logged-in user's. */
export function Component() {
  usePageMeta({ title: 'Mis Subastas Ganadas', description: 'Paga las subastas que ganaste.' });
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) {
    authStorage.setRedirect(location.pathname + location.search);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  return (
    <section className="page">
      <h1 className="page-title">Mis Subastas Ganadas</h1>
      <WonAuctionsView />
    </section>
  );
}
