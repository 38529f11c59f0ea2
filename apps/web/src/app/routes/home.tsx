import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TabList } from '../../components/ui/tabs.tsx';
import { paths } from '../../config/paths.ts';
import { AuctionListView } from '../../features/auctions/components/auction-list-view.tsx';

// The hidden tab's code (its grid, watch buttons, mutations) stays off the first page's budget.
const loadMarketplace = () => import('./home-marketplace.tsx');
const LazyMarketplace = lazy(loadMarketplace);
let LoadedMarketplace: ComponentType | undefined;

type Tab = 'auctions' | 'marketplace';

const TABS = [
  { id: 'auctions', label: 'Subastas' },
  { id: 'marketplace', label: 'Marketplace' },
] as const;

const tabId = (tab: Tab) => `tab-${tab}`;
const panelId = (tab: Tab) => `panel-${tab}`;
/** Each tab has its address, so a link, a reload or a page without JavaScript shows it. */
const hrefOf = (tab: Tab) => paths.home.getHref(tab === 'auctions' ? undefined : tab);
const tabOf = (params: URLSearchParams): Tab =>
  params.get('tab') === 'marketplace' ? 'marketplace' : 'auctions';

/** The code of the tab an address shows, loaded before a server render of it. */
export function preload(params: URLSearchParams) {
  if (tabOf(params) !== 'marketplace') return Promise.resolve();
  return loadMarketplace().then((module) => {
    LoadedMarketplace = module.default;
  });
}

function Marketplace() {
  // Loaded already (a server render, or shown before): rendered at once, without the fallback.
  const [Loaded] = useState(() => LoadedMarketplace);
  return Loaded ? (
    <Loaded />
  ) : (
    <Suspense fallback={<Spinner label="Cargando productos..." />}>
      <LazyMarketplace />
    </Suspense>
  );
}

/** Home: the 'Subastas' tab (shown first) and the 'Marketplace' tab. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  // Replaced, not pushed: switching tabs is not a page to go back to.
  const select = (next: Tab) => setParams(next === 'auctions' ? {} : { tab: next }, { replace: true });
  return (
    <section className="page">
      <h1 className="sr-only">Coleccionables</h1>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={select}
        tabId={tabId}
        panelId={panelId}
        label="Secciones de inicio"
        hrefOf={hrefOf}
      />
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'auctions' ? <AuctionListView /> : <Marketplace />}
      </div>
    </section>
  );
}
