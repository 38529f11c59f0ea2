import { type AuctionListResponse, auctionsEndpoints } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/auctions/{id}/activate (the server answers POST too). */
function activateAuction(auctionId: number) {
  return call(auctionsEndpoints.activate, { params: { id: auctionId } });
}

/** On success the auction turns 'active' in the seller's cached lists at once. */
export function useActivateAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateAuction,
    onSuccess: (activated) => {
      queryClient.setQueriesData<AuctionListResponse>({ queryKey: queryKeys.auctions.own }, (data) =>
        data
          ? { ...data, items: data.items.map((a) => (a.id === activated.id ? { ...a, ...activated } : a)) }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.auctions.lists });
    },
  });
}
