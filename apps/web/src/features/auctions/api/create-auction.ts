import { auctionsEndpoints, type CreateAuctionPayload } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/auctions/create. */
function createAuction(payload: CreateAuctionPayload) {
  return call(auctionsEndpoints.create, { body: payload });
}

export function useCreateAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auctions.all }),
  });
}
