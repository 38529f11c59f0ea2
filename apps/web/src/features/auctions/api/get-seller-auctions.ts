import { auctionsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';

/** GET /api/auctions/get_seller_auctions: the logged-in seller's own auctions, every status. */
async function getSellerAuctions(search?: string) {
  const data = await call(auctionsEndpoints.own, { query: { search: search || undefined } });
  syncServerClock(data.server_time);
  return data;
}

const sellerAuctionsQuery = (search?: string) =>
  queryOptions({
    queryKey: queryKeys.auctions.ownList(search ?? ''),
    queryFn: () => getSellerAuctions(search),
  });

export function useSellerAuctions(search?: string) {
  return useQuery(sellerAuctionsQuery(search));
}
