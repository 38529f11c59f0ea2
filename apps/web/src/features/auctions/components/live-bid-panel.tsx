import type { AuctionProductPage } from '@app/contracts';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useBidForm } from '../lib/use-bid-form.ts';
import { useLiveAuction } from '../lib/use-live-auction.ts';
import { useRaceAnnouncements } from '../lib/use-race-announcements.ts';
import { BidForm } from './bid-form.tsx';
import { BidHistory } from './bid-history.tsx';
import { BidStats } from './bid-stats.tsx';
import { MaxBidHint, MyCeiling } from './max-bid-field.tsx';
import { IncrementNotes, WonNote } from './race-notes.tsx';

/** Current bid, time left, the bid form and the live history of one product's race. */
export function LiveBidPanel({ page, productKey }: { page: AuctionProductPage; productKey: string }) {
  const titleId = useId();
  const inputId = useId();
  const race = useLiveAuction(page, productKey);
  const { product, closedMessage, isOwner } = race;
  const announcement = useRaceAnnouncements({
    page,
    remaining: race.remaining,
    endTime: race.endTime,
    myName: race.myName,
  });
  const form = useBidForm({
    productKey,
    auctionId: race.auction.id,
    productId: product.id,
    highest: race.highest,
    minOffer: race.minOffer,
    maxOffer: race.maxOffer,
  });

  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="sr-only">
        Pujas en vivo
      </h2>
      <BidStats
        highest={race.highest}
        timeLeftText={race.timeLeftText}
        bidCount={product.bid_count}
        reservePrice={product.reserve_price}
      />

      {closedMessage ? (
        <Alert kind="info" role="status">
          {closedMessage}
        </Alert>
      ) : isOwner ? (
        <Alert kind="info" role="note">
          Este es tu producto: no puedes pujar en él.
        </Alert>
      ) : (
        <BidForm form={form} inputId={inputId} suggested={race.suggested} />
      )}
      {race.won ? <WonNote /> : null}
      {closedMessage || isOwner ? null : <MaxBidHint inputId={inputId} />}
      {race.ceiling !== null ? <MyCeiling amount={race.ceiling} /> : null}
      <div role="status" aria-live="polite" aria-atomic="true">
        {announcement ? <Alert kind="info">{announcement}</Alert> : null}
      </div>
      {form.error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {form.error}
        </p>
      ) : null}
      {form.success ? <Alert kind="success">{form.success}</Alert> : null}
      <IncrementNotes minOffer={race.minOffer} maxOffer={race.maxOffer} />

      <BidHistory bids={page.bids} live={race.live} ended={race.ended} />
    </section>
  );
}
