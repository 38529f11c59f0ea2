import { MarketplaceGrid } from '../../features/products/components/marketplace-grid.tsx';
import { WatchButton } from '../../features/watchlist/components/watch-button.tsx';

/** The home page's 'Marketplace' tab, loaded when it is chosen (the page opens on 'Subastas'). */
export default function HomeMarketplace() {
  return <MarketplaceGrid renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />} />;
}
