import {
  type AuctionProductPage,
  bidMessages,
  formatTimeLeft,
  msUntil,
  suggestedNextBid,
} from '@app/contracts';
import { useProfile } from '../../../lib/profile-query.ts';
import { useServerNow } from '../../../lib/server-clock.ts';
import { useCurrentUserId } from '../../../lib/use-auth.ts';
import { useMaxBid } from '../api/max-bid.ts';
import { raceEnded } from './race-ended.ts';
import { useLiveBids } from './use-live-bids.ts';

/**
 * The state of one product's race as the live bid panel shows it: the live channel's status, the
 * server's clock (ticking each second), the user and their ceiling, and what follows from them
 * (closed or not, the seller's own product, won or not, the time left).
 */
export function useLiveAuction(page: AuctionProductPage, productKey: string) {
  const product = page.products[0]!;
  const { auction } = page;
  const live = useLiveBids(productKey, auction.id, product.id);
  const now = useServerNow(1000);
  const maxBid = useMaxBid(auction.id, product.id);
  // The user's name tells when a new bid outbids them.
  const me = useProfile({ staleTime: 60_000 });
  const userId = useCurrentUserId();

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

  const ceiling = maxBid.data?.max_amount ?? null;
  // The list cards' 'Auction ended' is the required text there; this panel is Spanish throughout.
  const timeLeftText =
    auction.status === 'upcoming' && !endTime
      ? 'Sin iniciar'
      : ended
        ? 'Subasta finalizada'
        : formatTimeLeft(endTime, now);

  return {
    product,
    auction,
    live,
    highest,
    minOffer,
    maxOffer,
    suggested,
    endTime,
    remaining,
    ended,
    closedMessage,
    myName,
    isOwner,
    won,
    ceiling,
    timeLeftText,
  };
}
