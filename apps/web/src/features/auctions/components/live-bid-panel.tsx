import {
  type AuctionProductPage,
  bidAmountProblem,
  bidMessages,
  formatBidTimestamp,
  formatNumber,
  formatTimeLeft,
  msUntil,
  suggestedNextBid,
  validateBid,
} from '@app/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { MoneyInput } from '../../../components/ui/money-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProfile } from '../../../lib/profile-query.ts';
import { serverNow, useServerNow } from '../../../lib/server-clock.ts';
import { useCurrentUserId } from '../../../lib/use-auth.ts';
import { useMaxBid } from '../api/max-bid.ts';
import { usePlaceBid } from '../api/place-bid.ts';
import { raceEnded } from '../lib/race-ended.ts';
import { useLiveBids } from '../lib/use-live-bids.ts';
import styles from './auctions.module.css';

/** Current bid, time left, the bid form and the live history of one product's race. */
export function LiveBidPanel({ page, productKey }: { page: AuctionProductPage; productKey: string }) {
  const titleId = useId();
  const product = page.products[0]!;
  const { auction } = page;
  const live = useLiveBids(productKey, auction.id, product.id);
  const now = useServerNow(1000);
  const placeBid = usePlaceBid(productKey);
  const maxBid = useMaxBid(auction.id, product.id);
  // The user's name tells when a new bid outbids them.
  const me = useProfile({ staleTime: 60_000 });
  const userId = useCurrentUserId();
  const [amount, setAmount] = useState('');
  const [maxAmount, setMaxAmount] = useState('');
  const [announcement, setAnnouncement] = useState<string | null>(null);
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
  const minOffer = page.min_offer;
  const maxOffer = page.max_offer;
  const suggested = suggestedNextBid(highest, minOffer);
  const endTime = page.end_time;
  const remaining = msUntil(endTime, now);
  const ended = raceEnded(auction.status, endTime, now);
  const closedMessage = ended
    ? bidMessages.auctionEnded
    : auction.status !== 'active'
      ? bidMessages.auctionNotActive
      : null;

  // Announcements for the polite live region: the last 5 minutes and the last minute of this
  // product, an extension (soft close) and being outbid.
  const spoken = useRef({ five: false, one: false });
  useEffect(() => {
    if (remaining === null || remaining <= 0 || auction.status !== 'active') return;
    if (remaining > 5 * 60_000) spoken.current.five = false;
    if (remaining > 60_000) spoken.current.one = false;
    if (remaining <= 60_000 && !spoken.current.one) {
      spoken.current = { five: true, one: true };
      setAnnouncement('Queda menos de 1 minuto para que termine la subasta de este producto');
    } else if (remaining <= 5 * 60_000 && !spoken.current.five) {
      spoken.current.five = true;
      setAnnouncement('Quedan menos de 5 minutos para que termine la subasta de este producto');
    }
  }, [remaining, auction.status]);

  const previousEnd = useRef(endTime);
  useEffect(() => {
    const before = previousEnd.current ? Date.parse(previousEnd.current) : null;
    previousEnd.current = endTime;
    if (before === null || !endTime || Date.parse(endTime) <= before) return;
    // The window is counted from the bid that moved the end.
    const from = page.bids[0] ? Date.parse(page.bids[0].timestamp) : serverNow();
    const minutes = Math.max(1, Math.round((Date.parse(endTime) - from) / 60_000));
    setAnnouncement(
      `¡Puja de último minuto! La subasta se extendió ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
    );
  }, [endTime, page.bids]);

  const myName = me.data?.username;
  // The server refuses the seller's bids on their own product: they are not offered the form.
  const isOwner = userId !== null && userId === page.owner.id;
  // The highest bid at the end wins when it reaches the reserve price; the outcome is recorded a
  // moment after the end, and a product left unsold says so.
  const top = page.bids[0];
  const won =
    ended &&
    myName !== undefined &&
    top?.username === myName &&
    top.amount >= highest &&
    (product.outcome === 'won' || (product.outcome === null && highest >= product.reserve_price));
  const previousTop = useRef(page.bids[0]);
  const currentTop = useRef(page.bids[0]);
  currentTop.current = page.bids[0];
  useEffect(() => {
    const before = previousTop.current;
    const top = page.bids[0];
    previousTop.current = top;
    if (!before || !top || top.id === before.id || !myName) return;
    if (before.username !== myName || top.username === myName) return;
    // A ceiling of ours may answer within the same decision: only announce if we stay outbid.
    setTimeout(() => {
      const now = currentTop.current;
      if (!now || now.username === myName) return;
      const outbid = `Te han superado: ${now.username} pujó $${formatNumber(now.amount)}`;
      setAnnouncement((previous) =>
        previous?.startsWith('¡Puja de último minuto!') ? `${outbid}. ${previous}` : outbid,
      );
    }, 400);
  }, [page.bids, myName]);

  const ceiling = maxBid.data?.max_amount ?? null;
  // The list cards' 'Auction ended' is the required text there; this panel is Spanish throughout.
  const timeLeftText =
    auction.status === 'upcoming' && !endTime
      ? 'Sin iniciar'
      : ended
        ? 'Subasta finalizada'
        : formatTimeLeft(endTime, now);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSuccess(null);
    const value = amount.trim() === '' ? Number.NaN : Number(amount);
    const problem = validateBid({ amount: value, highest, min_offer: minOffer, max_offer: maxOffer });
    if (problem) {
      setError(problem);
      return;
    }
    let max: number | undefined;
    if (maxAmount.trim() !== '') {
      max = Number(maxAmount);
      const maxProblem = bidAmountProblem(max, bidMessages.invalidMax);
      if (maxProblem) {
        setError(maxProblem);
        return;
      }
      if (max < value) {
        setError(bidMessages.maxBelowAmount);
        return;
      }
    }
    setError(null);
    try {
      const placed = await placeBid.mutateAsync({
        amount: value,
        auction_id: auction.id,
        product_id: product.id,
        ...(max === undefined ? {} : { max_amount: max }),
      });
      setAmount('');
      setMaxAmount('');
      setSuccess(
        placed.highest_bid > placed.amount
          ? `${bidMessages.placed} Otra puja máxima respondió: la puja actual es $${formatNumber(placed.highest_bid)}.`
          : bidMessages.placed,
      );
    } catch (err) {
      setError(errorMessage(err, bidMessages.placeError));
    }
  }

  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="sr-only">
        Pujas en vivo
      </h2>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>Puja actual</dt>
          <dd>${formatNumber(highest)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Tiempo restante</dt>
          <dd>
            <span role="timer" aria-live="off" aria-label={`Tiempo restante: ${timeLeftText}`}>
              {timeLeftText}
            </span>
          </dd>
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
        <Alert kind="info" role="status">
          {closedMessage}
        </Alert>
      ) : isOwner ? (
        <Alert kind="info" role="note">
          Este es tu producto: no puedes pujar en él.
        </Alert>
      ) : (
        <form className={styles.bidForm} onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={inputId}>Tu puja ($)</label>
            <MoneyInput
              id={inputId}
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
          <div className="field">
            <label htmlFor={`${inputId}-max`}>Puja máxima ($)</label>
            <MoneyInput
              id={`${inputId}-max`}
              value={maxAmount}
              onChange={(e) => {
                setMaxAmount(e.target.value);
                setError(null);
              }}
              aria-describedby={`${inputId}-max-hint`}
            />
          </div>
          <Button type="submit" variant="accent" busy={placeBid.isPending}>
            Place Bid
          </Button>
        </form>
      )}
      {won ? (
        <Alert kind="success" as="div" data-testid="won-note">
          <p className="flush">
            <strong>¡Ganaste esta subasta!</strong> Revisa el pago en{' '}
            <Link to={paths.wonAuctions.getHref()}>Mis Subastas Ganadas</Link>.
          </p>
        </Alert>
      ) : null}
      {closedMessage || isOwner ? null : (
        <p id={`${inputId}-max-hint`} className="muted note-sm">
          Opcional: con una puja máxima pujamos por ti con el incremento mínimo hasta ese monto; nadie más la
          ve.
        </p>
      )}
      {ceiling !== null ? (
        <p className={styles.ceiling} data-testid="my-ceiling">
          Tu puja máxima: <strong>${formatNumber(ceiling)}</strong>
        </p>
      ) : null}
      <div role="status" aria-live="polite" aria-atomic="true">
        {announcement ? <Alert kind="info">{announcement}</Alert> : null}
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {success ? <Alert kind="success">{success}</Alert> : null}
      <ul className={styles.notes}>
        <li>Incremento mínimo de puja: ${formatNumber(minOffer)}</li>
        {maxOffer > 0 ? <li>Incremento máximo de puja: ${formatNumber(maxOffer)}</li> : null}
      </ul>

      <div className="stack">
        <div className="row row-between">
          <h2 className="title-sm">Historial de Pujas</h2>
          {ended ? null : (
            <span className={styles.liveStatus} data-status={live} aria-live="polite">
              {live === 'open' ? '● En vivo' : live === 'connecting' ? 'Conectando…' : 'Reconectando…'}
            </span>
          )}
        </div>
        {page.bids.length === 0 ? (
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
            {page.bids.map((bid) => (
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
    </section>
  );
}
