import { type SearchResult, searchMessages } from '@app/contracts';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TabList } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useServerNow } from '../../../lib/server-clock.ts';
import { AuctionResult, ProductResult, UserResult } from './result-cards.tsx';
import styles from './search.module.css';

export type SearchTab = 'users' | 'products' | 'auctions';

const TABS: { id: SearchTab; label: string }[] = [
  { id: 'users', label: 'Usuarios' },
  { id: 'products', label: 'Productos' },
  { id: 'auctions', label: 'Subastas' },
];

/** The tab shown first: the first group with results (Usuarios when all are empty). */
export function firstNonEmptyTab(result: SearchResult): SearchTab {
  return TABS.find((tab) => result[tab.id].length > 0)?.id ?? 'users';
}

/**
 * The three groups as tabs with count badges (WAI-ARIA tabs: arrow keys, Home and End move
 * between tabs and select them). `term` resets the selection to the first non-empty group.
 */
export function SearchResults({ term, result }: { term: string; result: SearchResult }) {
  const baseId = useId();
  // Minutes on the server's clock: search cards don't count seconds.
  const now = useServerNow(30_000);
  // The tab is in the address too (`tab=`), so it works as a link before the app's code runs and
  // survives a reload.
  const [params, setParams] = useSearchParams();
  // Only for the term the address searches (a tab chosen for another term does not carry over).
  const asked =
    params.get('query')?.trim() === term ? TABS.find((tab) => tab.id === params.get('tab'))?.id : undefined;
  const [chosen, setChosen] = useState<{ term: string; tab: SearchTab } | null>(null);
  const selected = chosen && chosen.term === term ? chosen.tab : (asked ?? firstNonEmptyTab(result));
  const select = (tab: SearchTab) => {
    setChosen({ term, tab });
    setParams(
      (current) => {
        current.set('tab', tab);
        return current;
      },
      { replace: true },
    );
  };

  const total = result.users.length + result.products.length + result.auctions.length;
  if (total === 0) {
    return (
      <p className="empty-state" role="status">
        {searchMessages.noResults}
      </p>
    );
  }

  const tabId = (tab: SearchTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: SearchTab) => `${baseId}-panel-${tab}`;
  const tabs = TABS.map((tab) => {
    const count = result[tab.id].length;
    return {
      id: tab.id,
      label: (
        <>
          {tab.label}
          <span className={styles.count}>
            <span className="sr-only">(</span>
            {count}
            <span className="sr-only"> {count === 1 ? 'resultado' : 'resultados'})</span>
          </span>
        </>
      ),
    };
  });

  return (
    <div>
      <TabList
        tabs={tabs}
        selected={selected}
        onSelect={select}
        hrefOf={(tab) => paths.search.getHref(term, tab)}
        tabId={tabId}
        panelId={panelId}
        label="Resultados por tipo"
        className={styles.tabList}
        tabClassName={styles.tabButton}
      />
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className={styles.panel}>
        <ResultList tab={selected} result={result} now={now} />
      </div>
    </div>
  );
}

function ResultList({ tab, result, now }: { tab: SearchTab; result: SearchResult; now: number }) {
  if (result[tab].length === 0) return <p className="empty-state">{searchMessages.noResults}</p>;
  return (
    <ul className={`grid ${styles.list}`}>
      {tab === 'users'
        ? result.users.map((user) => (
            <li key={user.id}>
              <UserResult user={user} />
            </li>
          ))
        : tab === 'products'
          ? result.products.map((product) => (
              <li key={product.id}>
                <ProductResult product={product} />
              </li>
            ))
          : result.auctions.map((auction) => (
              <li key={auction.id}>
                <AuctionResult auction={auction} now={now} />
              </li>
            ))}
    </ul>
  );
}
