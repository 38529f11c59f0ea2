import { auctionsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';

/** GET /api/auctions/get_auction_by_seller_id/{id}: a seller's running auctions (public). */
async function getAuctionsBySeller(sellerId: number) {
  const data = await call(auctionsEndpoints.bySeller, { params: { id: sellerId } });
  syncServerClock(data.server_time);
  return data;
}

const auctionsBySellerQuery = (sellerId: number) =>
  queryOptions({
    queryKey: queryKeys.auctions.bySeller(sellerId),
    queryFn: () => getAuctionsBySeller(sellerId),
    enabled: Number.isInteger(sellerId) && sellerId > 0,
  });

export function useAuctionsBySeller(sellerId: number) {
  return useQuery(auctionsBySellerQuery(sellerId));
}
