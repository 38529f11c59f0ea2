import { type NewBidMessage, productBidsChannel } from '@app/contracts';
import { openLiveSocket } from '../../../lib/ws-client.ts';
import { disableZodJit } from '../../../lib/zod-jitless.ts';

/**
 * Opens a product's live channel; each `new_bid` message that matches its schema goes to
 * `onBid`, the `subscribed` greeting's bid count (first on every connection) to `onSubscribed`,
 * a takedown to `onTakenDown`; anything else is dropped. Loaded by `useLiveBids` after the page has rendered: it brings the
 * messages' schemas (zod), which the page's first paint does not need.
 */
export function openProductBids(
  auctionId: number,
  productId: number,
  handlers: {
    onBid(message: NewBidMessage): void;
    onSubscribed(bidCount: number): void;
    /** An operator took the product down: its bids are void and its page is gone. */
    onTakenDown(): void;
    onResync(): void;
    onStatus(status: 'connecting' | 'open' | 'closed'): void;
  },
) {
  disableZodJit();
  return openLiveSocket(productBidsChannel.url(auctionId, productId), {
    onStatus: handlers.onStatus,
    onResync: handlers.onResync,
    onMessage: (data) => {
      const parsed = productBidsChannel.server.safeParse(data);
      if (!parsed.success) return;
      if (parsed.data.message === 'new_bid') handlers.onBid(parsed.data);
      else if (parsed.data.message === 'subscribed') handlers.onSubscribed(parsed.data.bid_count);
      else handlers.onTakenDown();
    },
  });
}
