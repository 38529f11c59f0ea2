import { bidsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const maxBidKey = (auctionId: number, productId: number) =>
  ['bids', 'max', auctionId, productId] as const;

/** GET /api/bids/max/{auctionId}/{productId}: the user's own ceiling (nobody else's is readable). */
export function getMaxBid(auctionId: number, productId: number) {
  return call(bidsEndpoints.ceiling, { params: { auctionId, productId } });
}

export function useMaxBid(auctionId: number, productId: number) {
  // Only this user changes their ceiling, and the panel writes it into the cache when they do.
  return useQuery({
    queryKey: maxBidKey(auctionId, productId),
    queryFn: () => getMaxBid(auctionId, productId),
    staleTime: 60_000,
  });
}
