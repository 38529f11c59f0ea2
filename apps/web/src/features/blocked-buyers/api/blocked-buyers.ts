import { sellerBlocksEndpoints } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Rows per page of the list. */
const BLOCKED_PAGE_SIZE = 20;

/** GET /api/sellers/blocked: the caller's blocked buyers, newest first. */
const blockedBuyersQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.sellers.blockedPage(page),
    queryFn: () => call(sellerBlocksEndpoints.list, { query: { page, size: BLOCKED_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useBlockedBuyers = (page: number) => useQuery(blockedBuyersQuery(page));

/** Every page may change after a block or an unblock (the list is newest first). */
function useRefreshBlocked() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.sellers.blocked });
}

/** POST /api/sellers/blocked: answers the server's sentence ('… ya no puede pujar, comprar …'). */
export function useBlockBuyer() {
  const refresh = useRefreshBlocked();
  return useMutation({
    mutationFn: (username: string) => call(sellerBlocksEndpoints.block, { body: { username } }),
    onSuccess: refresh,
  });
}

/** DELETE /api/sellers/blocked/{username}. */
export function useUnblockBuyer() {
  const refresh = useRefreshBlocked();
  return useMutation({
    mutationFn: (username: string) => call(sellerBlocksEndpoints.unblock, { params: { username } }),
    // A 404 (already off the list, from another tab) also leaves the list stale.
    onSettled: refresh,
  });
}
