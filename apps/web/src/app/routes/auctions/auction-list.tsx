import { useSearchParams } from 'react-router';
import { AuctionListView } from '../../../features/auctions/components/auction-list-view.tsx';
import { routeMeta, usePageMeta } from '../../../lib/page-meta.ts';

/** /auctions: 'Subastas Activas', filtered by the server with ?search=. */
export function Component() {
  usePageMeta(routeMeta['/auctions']!);
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() || undefined;
  return (
    <section className="page">
      <header className="page-header">
        <h1 className="page-title">Subastas Activas</h1>
        {search ? <p className="page-subtitle">Resultados para: {search}</p> : null}
      </header>
      <AuctionListView search={search} />
    </section>
  );
}
