import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TabList } from '../../components/ui/tabs.tsx';
import { AuctionListView } from '../../features/auctions/components/auction-list-view.tsx';

// The hidden tab's code (its grid, watch buttons, mutations) stays off the first page's budget.
const HomeMarketplace = lazy(() => import('./home-marketplace.tsx'));

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
          <Suspense fallback={<Spinner label="Cargando productos..." />}>
            <HomeMarketplace />
          </Suspense>
        )}
      </div>
    </section>
  );
}
