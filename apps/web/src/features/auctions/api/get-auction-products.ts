import { auctionsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';

/** GET /api/auctions/get_products_by_auction_id/{id}: the auction and its products. */
async function getAuctionProducts(auctionId: string) {
  const data = await call(auctionsEndpoints.products, { params: { id: auctionId } });
  syncServerClock(data.server_time);
  return data;
}

const auctionProductsQuery = (auctionId: string) =>
  queryOptions({
    queryKey: queryKeys.auctions.products(auctionId),
    queryFn: () => getAuctionProducts(auctionId),
  });

export function useAuctionProducts(auctionId: string) {
  return useQuery(auctionProductsQuery(auctionId));
}
