import {
  type AuctionProductPage,
  bidMessages,
  formatBidTimestamp,
  formatNumber,
  formatTimeLeft,
  msUntil,
  suggestedNextBid,
  validateBid,
} from '@app/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePlaceBid } from '../api/place-bid.ts';
import { useServerNow } from '../lib/server-clock.ts';
import { useLiveBids } from '../lib/use-live-bids.ts';
import styles from './auctions.module.css';

/** Current bid, time left, the bid form and the live history of one product's race. */
export function LiveBidPanel({ page, productKey }: { page: AuctionProductPage; productKey: string }) {
  const product = page.products[0]!;
  const { auction } = page;
  const live = useLiveBids(productKey, auction.id, product.id);
  const now = useServerNow(1000);
  const placeBid = usePlaceBid();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const inputId = useId();
  const seenBids = useRef(new Set(page.bids.map((b) => b.id)));
  const [freshIds, setFreshIds] = useState<number[]>([]);

  // Bids that arrive after the first render get a short highlight.
  useEffect(() => {
    const fresh = page.bids.filter((b) => !seenBids.current.has(b.id)).map((b) => b.id);
    for (const id of fresh) seenBids.current.add(id);
    if (fresh.length > 0) setFreshIds(fresh);
  }, [page.bids]);

  const highest = product.highest_bid ?? 0;
  const minOffer = page.min_offer ?? auction.min_offer;
  const maxOffer = page.max_offer ?? auction.max_offer;
  const suggested = suggestedNextBid(highest, minOffer);
  const endTime = page.end_time ?? auction.end_time;
  const remaining = msUntil(endTime, now);
  const ended =
    auction.status === 'ended' || (auction.status === 'active' && remaining !== null && remaining <= 0);
  const closedMessage = ended
    ? bidMessages.auctionEnded
    : auction.status !== 'active'
      ? bidMessages.auctionNotActive
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSuccess(null);
    const value = amount.trim() === '' ? Number.NaN : Number(amount);
    const problem = validateBid({ amount: value, highest, min_offer: minOffer, max_offer: maxOffer });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      await placeBid.mutateAsync({ amount: value, auction_id: auction.id, product_id: product.id });
      setAmount('');
      setSuccess(bidMessages.placed);
    } catch (err) {
      setError(errorMessage(err, bidMessages.placeError));
    }
  }

  return (
    <section className="card stack" aria-labelledby="live-panel-title">
      <h2 id="live-panel-title" className="sr-only">
        Pujas en vivo
      </h2>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>Puja actual</dt>
          <dd>${formatNumber(highest)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Tiempo restante</dt>
          <dd>{auction.status === 'upcoming' && !endTime ? 'Sin iniciar' : formatTimeLeft(endTime, now)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Total de pujas</dt>
          <dd>{product.bid_count}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Precio de reserva</dt>
          <dd>${formatNumber(product.reserve_price)}</dd>
        </div>
      </dl>

      {closedMessage ? (
        <p className="alert alert-info" role="status">
          {closedMessage}
        </p>
      ) : (
        <form className={styles.bidForm} onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={inputId}>Tu puja ($)</label>
            <input
              id={inputId}
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder={`Min bid: $${formatNumber(suggested)}`}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
          </div>
          <button type="submit" className="btn btn-accent" disabled={placeBid.isPending}>
            Place Bid
          </button>
        </form>
      )}
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {success ? (
        <p className="alert alert-success" role="status">
          {success}
        </p>
      ) : null}
      <ul className={styles.notes}>
        <li>Incremento mínimo de puja: ${formatNumber(minOffer)}</li>
        {maxOffer > 0 ? <li>Incremento máximo de puja: ${formatNumber(maxOffer)}</li> : null}
      </ul>

      <div className="stack">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 style={{ margin: 0, fontSize: '1.2rem' }}>Historial de Pujas</h2>
          <span className={styles.liveStatus} data-status={live} aria-live="polite">
            {live === 'open' ? '● En vivo' : live === 'connecting' ? 'Conectando…' : 'Reconectando…'}
          </span>
        </div>
        {page.bids.length === 0 ? (
          <p className="muted">Aún no hay pujas para este producto. ¡Sé el primero en pujar!</p>
        ) : (
          <ol
            className={styles.history}
            aria-label="Historial de pujas, la más reciente primero"
            aria-live="polite"
          >
            {page.bids.map((bid) => (
              <li key={bid.id} className={styles.historyItem} data-new={freshIds.includes(bid.id)}>
                <SafeImage
                  src={bid.avatar ?? bid.user?.avatar}
                  fallback={PLACEHOLDER_AVATAR}
                  alt=""
                  className={styles.avatar}
                />
                <span className={styles.historyWho}>
                  <strong>{bid.username ?? bid.user?.username}</strong>
                  <time dateTime={bid.timestamp} className="muted">
                    {formatBidTimestamp(bid.timestamp)}
                  </time>
                </span>
                <span className={styles.historyAmount}>${formatNumber(bid.amount)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
