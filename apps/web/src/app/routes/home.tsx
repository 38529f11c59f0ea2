import { useState } from 'react';
import { AuctionListView } from '../../features/auctions/components/auction-list-view.tsx';
import { MarketplaceGrid } from '../../features/products/components/marketplace-grid.tsx';
import { WatchButton } from '../../features/watchlist/components/watch-button.tsx';

type Tab = 'auctions' | 'marketplace';

/** Home: 'Subastas' (default) and 'Marketplace' tabs (spec 1 section 2). */
export function Component() {
  const [tab, setTab] = useState<Tab>('auctions');
  return (
    <section className="page">
      <h1 className="sr-only">Coleccionables</h1>
      <div className="tabs" role="tablist" aria-label="Secciones de inicio">
        <button
          type="button"
          role="tab"
          id="tab-auctions"
          className="tab"
          aria-selected={tab === 'auctions'}
          aria-controls="panel-auctions"
          onClick={() => setTab('auctions')}
        >
          Subastas
        </button>
        <button
          type="button"
          role="tab"
          id="tab-marketplace"
          className="tab"
          aria-selected={tab === 'marketplace'}
          aria-controls="panel-marketplace"
          onClick={() => setTab('marketplace')}
        >
          Marketplace
        </button>
      </div>
      {tab === 'auctions' ? (
        <div role="tabpanel" id="panel-auctions" aria-labelledby="tab-auctions">
          <AuctionListView />
        </div>
      ) : (
        <div role="tabpanel" id="panel-marketplace" aria-labelledby="tab-marketplace">
          <MarketplaceGrid renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />} />
        </div>
      )}
    </section>
  );
}
