import { useState } from 'react';
import { TabList } from '../../components/ui/tabs.tsx';
import { AuctionListView } from '../../features/auctions/components/auction-list-view.tsx';
import { MarketplaceGrid } from '../../features/products/components/marketplace-grid.tsx';
import { WatchButton } from '../../features/watchlist/components/watch-button.tsx';

type Tab = 'auctions' | 'marketplace';

const TABS = [
  { id: 'auctions', label: 'Subastas' },
  { id: 'marketplace', label: 'Marketplace' },
] as const;

const tabId = (tab: Tab) => `tab-${tab}`;
const panelId = (tab: Tab) => `panel-${tab}`;

/** Home: the 'Subastas' tab (shown first) and the 'Marketplace' tab. */
export function Component() {
  const [tab, setTab] = useState<Tab>('auctions');
  return (
    <section className="page">
      <h1 className="sr-only">Coleccionables</h1>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        tabId={tabId}
        panelId={panelId}
        label="Secciones de inicio"
      />
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'auctions' ? (
          <AuctionListView />
        ) : (
          <MarketplaceGrid renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />} />
        )}
      </div>
    </section>
  );
}
