import { WatchlistView } from '../../../features/watchlist/components/watchlist-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /watchlist ('Favoritos'): the products the user follows. */
export function Component() {
  usePageMeta({
    title: 'Favoritos',
    description: 'Los productos que sigues y cuánto les falta para terminar.',
  });
  return (
    <section className="page">
      <h1 className="page-title">Favoritos</h1>
      <WatchlistView />
    </section>
  );
}
