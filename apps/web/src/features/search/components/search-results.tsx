import { type SearchResult, searchMessages } from '@app/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
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

/** Minute-level clock for the auctions' time left; search cards don't count seconds. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The three groups as tabs with count badges (WAI-ARIA tabs: arrow keys, Home and End move
 * between tabs and select them). `term` resets the selection to the first non-empty group.
 */
export function SearchResults({ term, result }: { term: string; result: SearchResult }) {
  const baseId = useId();
  const now = useMinuteClock();
  const [chosen, setChosen] = useState<{ term: string; tab: SearchTab } | null>(null);
  const selected = chosen && chosen.term === term ? chosen.tab : firstNonEmptyTab(result);
  const tabRefs = useRef(new Map<SearchTab, HTMLButtonElement>());

  const total = result.users.length + result.products.length + result.auctions.length;
  if (total === 0) {
    return (
      <p className="empty-state" role="status">
        {searchMessages.noResults}
      </p>
    );
  }

  const select = (tab: SearchTab, focus = false) => {
    setChosen({ term, tab });
    if (focus) tabRefs.current.get(tab)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === selected);
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target]!.id, true);
  };

  const tabId = (tab: SearchTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: SearchTab) => `${baseId}-panel-${tab}`;

  return (
    <div>
      <div className={`tabs ${styles.tabList}`} role="tablist" aria-label="Resultados por tipo">
        {TABS.map((tab) => {
          const count = result[tab.id].length;
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className={`tab ${styles.tabButton}`}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
              <span className={styles.count}>
                <span className="sr-only">(</span>
                {count}
                <span className="sr-only"> {count === 1 ? 'resultado' : 'resultados'})</span>
              </span>
            </button>
          );
        })}
      </div>
      {TABS.map((tab) =>
        tab.id === selected ? (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(tab.id)}
            aria-labelledby={tabId(tab.id)}
            className={styles.panel}
          >
            <ResultList tab={tab.id} result={result} now={now} />
          </div>
        ) : null,
      )}
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
