import { type AuctionProductPage, auctionsEndpoints, type Bid, type RaceState } from '@app/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';
import { applyBid } from '../lib/apply-bid.ts';

/** GET /api/auctions/get_auction_product_by_id/{productId}: the product auction page. */
async function getAuctionProduct(productId: string) {
  const data = await call(auctionsEndpoints.productPage, { params: { id: productId } });
  // offset = server_time - Date.now() at load: countdowns run on the server's clock.
  syncServerClock(data.server_time);
  return data;
}

export const auctionProductQuery = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.auctions.productPage(productId),
    queryFn: () => getAuctionProduct(productId),
    // Fresh for a moment only: the page takes the answer its address prefetched
    // (app/prefetch-page-data.ts) instead of asking again, and a later visit reads it anew.
    staleTime: 2_000,
  });

export function useAuctionProduct(productId: string) {
  return useQuery(auctionProductQuery(productId));
}

/** Reads the page again (after a reconnect, or when the live channel asks to resync). */
export const reloadAuctionProduct = (client: QueryClient, productId: string) =>
  client.invalidateQueries({ queryKey: auctionProductQuery(productId).queryKey });

/**
 * Forgets the page and reads it again: for a product taken down while it was open, whose read
 * now fails ('Este producto fue retirado'), so the page shows that instead of a race to bid on.
 */
export const dropAuctionProduct = (client: QueryClient, productId: string) =>
  client.resetQueries({ queryKey: auctionProductQuery(productId).queryKey });

/** The product's bid count as the cached page has it (undefined before the page's data). */
export const pageBidCount = (client: QueryClient, productId: string) =>
  client.getQueryData<AuctionProductPage>(auctionProductQuery(productId).queryKey)?.products[0]?.bid_count;

/** An accepted bid (the bidder's own answer or a live message) goes straight into the page. */
export function putBidInPage(client: QueryClient, productId: string, bid: Bid, race: RaceState) {
  client.setQueryData<AuctionProductPage>(auctionProductQuery(productId).queryKey, (page) =>
    page ? applyBid(page, bid, race) : page,
  );
}
