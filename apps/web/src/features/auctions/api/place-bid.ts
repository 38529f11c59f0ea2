import type { PlaceBidInput, PlaceBidResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/bids/create-bid. */
export function placeBid(input: PlaceBidInput) {
  return api.post<PlaceBidResponse>('/api/bids/create-bid', input, { auth: true });
}

export function usePlaceBid() {
  return useMutation({ mutationFn: placeBid });
}
