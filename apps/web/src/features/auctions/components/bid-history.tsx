import { type AuctionProductPage, formatBidTimestamp, formatNumber } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import type { LiveStatus } from '../lib/use-live-bids.ts';
import styles from './auctions.module.css';

type Bid = AuctionProductPage['bids'][number];

/** The product's bids, newest first, with the live channel's status while the race runs. */
export function BidHistory({ bids, live, ended }: { bids: Bid[]; live: LiveStatus; ended: boolean }) {
  const freshIds = useFreshBids(bids);
  return (
    <div className="stack">
      <div className="row row-between">
        <h2 className="title-sm">Historial de Pujas</h2>
        {ended ? null : (
          <span className={styles.liveStatus} data-status={live} aria-live="polite">
            {live === 'open' ? '● En vivo' : live === 'connecting' ? 'Conectando…' : 'Reconectando…'}
          </span>
        )}
      </div>
      {bids.length === 0 ? (
        <p className="muted">Aún no hay pujas para este producto. ¡Sé el primero en pujar!</p>
      ) : (
        <ol
          className={styles.history}
          aria-label="Historial de pujas, la más reciente primero"
          aria-live="polite"
          // The history scrolls inside the panel: keyboard users must be able to scroll it too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus
          tabIndex={0}
        >
          {bids.map((bid) => (
            <li key={bid.id} className={styles.historyItem} data-new={freshIds.includes(bid.id)}>
              <SafeImage src={bid.avatar} fallback={PLACEHOLDER_AVATAR} alt="" className={styles.avatar} />
              <span className={styles.historyWho}>
                <strong>{bid.username}</strong>
                <time dateTime={bid.timestamp} className="muted">
                  {formatBidTimestamp(bid.timestamp)}
                </time>
              </span>
              <span className={styles.historyAmount}>
                ${formatNumber(bid.amount)}
                {bid.auto ? (
                  <span
                    className={`badge badge-info ${styles.autoBadge}`}
                    title="Puja automática (puja máxima)"
                  >
                    Automática
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Bids that arrive after the first render get a short highlight. */
function useFreshBids(bids: Bid[]): number[] {
  const seenBids = useRef(new Set(bids.map((b) => b.id)));
  const [freshIds, setFreshIds] = useState<number[]>([]);
  useEffect(() => {
    const fresh = bids.filter((b) => !seenBids.current.has(b.id)).map((b) => b.id);
    for (const id of fresh) seenBids.current.add(id);
    if (fresh.length > 0) setFreshIds(fresh);
  }, [bids]);
  return freshIds;
}
