import type { AuctionProductPage, Bid, RaceState } from '@app/contracts';

/**
 * Puts one accepted bid into the cached product auction page. The bidder's own answer and the
 * live channel both call it, in either order, so it is idempotent (a bid already in the
 * history changes nothing) and only moves the race forward: the highest bid and the count
 * never go down, and the effective end only moves later (soft close).
 */
export function applyBid(page: AuctionProductPage, bid: Bid, race: RaceState): AuctionProductPage {
  if (page.bids.some((b) => b.id === bid.id)) return page;
  const product = page.products[0];
  if (!product || product.id !== race.product_id) return page;
  const bids = [bid, ...page.bids].sort((x, y) => y.id - x.id);
  const highest = Math.max(product.highest_bid, race.highest_bid, bid.amount);
  const endTime = laterOf(page.end_time, race.end_time);
  return {
    ...page,
    end_time: endTime,
    bids,
    products: [
      {
        ...product,
        highest_bid: highest,
        current_bid: highest,
        bid_count: Math.max(race.bid_count, product.bid_count + 1),
        end_time: endTime,
      },
      ...page.products.slice(1),
    ],
  };
}

function laterOf(current: string | null, incoming: string | null): string | null {
  if (current === null || incoming === null) return incoming ?? current;
  return Date.parse(incoming) > Date.parse(current) ? incoming : current;
}
