import type { AuctionListResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';

/** GET /api/auctions/get_seller_auctions: the logged-in seller's own auctions, every status. */
export async function getSellerAuctions(search?: string) {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  const data = await api.get<AuctionListResponse>(`/api/auctions/get_seller_auctions${query}`, {
    auth: true,
  });
  syncServerClock(data.server_time);
  return data;
}

export function useSellerAuctions(search?: string) {
  return useQuery({
    queryKey: ['auctions', 'seller', { search: search ?? '' }],
    queryFn: () => getSellerAuctions(search),
  });
}
