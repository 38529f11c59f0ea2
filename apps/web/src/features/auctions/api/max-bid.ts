import { bidsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/bids/max/{auctionId}/{productId}: the user's own ceiling (nobody else's is readable). */
function getMaxBid(auctionId: number, productId: number) {
  return call(bidsEndpoints.ceiling, { params: { auctionId, productId } });
}

// Only this user changes their ceiling, and placing a bid with a maximum writes it into the cache.
export const maxBidQuery = (auctionId: number, productId: number) =>
  queryOptions({
    queryKey: queryKeys.bids.ceiling(auctionId, productId),
    queryFn: () => getMaxBid(auctionId, productId),
    staleTime: 60_000,
  });

export function useMaxBid(auctionId: number, productId: number) {
  return useQuery(maxBidQuery(auctionId, productId));
}
