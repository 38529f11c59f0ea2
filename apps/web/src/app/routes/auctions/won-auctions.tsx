import { WonAuctionsView } from '../../../features/payments/components/won-auctions-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { RequireAuth } from '../../require-auth.tsx';

/** /auctions/won/: allowed by the route table, but the list is the logged-in user's. */
export function Component() {
  usePageMeta({ title: 'Mis Subastas Ganadas', description: 'Paga las subastas que ganaste.' });
  return (
    <RequireAuth>
      <section className="page">
        <h1 className="page-title">Mis Subastas Ganadas</h1>
        <WonAuctionsView />
      </section>
    </RequireAuth>
  );
}
