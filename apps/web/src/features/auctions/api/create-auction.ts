import type { AuctionSummary, CreateAuctionPayload } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auctions/create. */
export function createAuction(payload: CreateAuctionPayload) {
  return api.post<AuctionSummary & { message: string }>('/api/auctions/create', payload, { auth: true });
}

export function useCreateAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auctions'] }),
  });
}
