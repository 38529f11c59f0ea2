import { AUCTION_PAGE_SIZE, auctionsEndpoints } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';

/** GET /api/auctions/list: active auctions, one page. */
async function getAuctions(params: { page: number; size?: number; search?: string }) {
  const data = await call(auctionsEndpoints.list, {
    query: { page: params.page, size: params.size ?? AUCTION_PAGE_SIZE, search: params.search || undefined },
  });
  syncServerClock(data.server_time);
  return data;
}

/** Pages of active auctions for infinite scroll, filtered by the server with `search`. */
export const auctionsQuery = (search?: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.auctions.list(search ?? ''),
    queryFn: ({ pageParam }) => getAuctions({ page: pageParam, search }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
  });

export function useInfiniteAuctions(search?: string) {
  return useInfiniteQuery(auctionsQuery(search));
}
