import { type WatchlistItem, type WatchlistResponse, watchlistEndpoints } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

const watchlistKey = queryKeys.watchlist.all;

/** GET /api/watchlist: the user's followed products with their live auction state. */
async function getWatchlist() {
  const data = await call(watchlistEndpoints.list);
  syncServerClock(data.server_time);
  return data;
}

/** `refreshMs` keeps prices and ends fresh on the Favoritos page (soft close moves ends). */
export const watchlistQuery = (loggedIn: boolean, refreshMs?: number) =>
  queryOptions({
    queryKey: watchlistKey,
    queryFn: getWatchlist,
    enabled: loggedIn,
    refetchInterval: refreshMs ?? false,
  });

export function useWatchlist(options: { refreshMs?: number } = {}) {
  return useQuery(watchlistQuery(useIsLoggedIn(), options.refreshMs));
}

/** POST or DELETE /api/watchlist/{productId}. */
function setWatching(productId: number, watching: boolean) {
  const endpoint = watching ? watchlistEndpoints.add : watchlistEndpoints.remove;
  return call(endpoint, { params: { productId } });
}

/**
 * Toggles a product optimistically: the cached list changes at once and is put back as it was
 * when the server refuses; either way it is refetched afterwards.
 */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { product: Pick<WatchlistItem, 'product_id' | 'name'>; watching: boolean }) =>
      setWatching(input.product.product_id, input.watching),
    onMutate: async ({ product, watching }) => {
      await queryClient.cancelQueries({ queryKey: watchlistKey });
      const previous = queryClient.getQueryData<WatchlistResponse>(watchlistKey);
      queryClient.setQueryData<WatchlistResponse>(watchlistKey, (data) => {
        const items = (data?.items ?? []).filter((i) => i.product_id !== product.product_id);
        if (watching) {
          items.unshift({
            product_id: product.product_id,
            name: product.name,
            image: null,
            status: '',
            auction_id: null,
            end_time: null,
            highest_bid: null,
          });
        }
        return { items, server_time: data?.server_time ?? new Date().toISOString() };
      });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(watchlistKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistKey }),
  });
}
