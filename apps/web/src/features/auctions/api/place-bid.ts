import { bidsEndpoints, type PlaceBidInput } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** POST /api/bids/create-bid. */
export function placeBid(input: PlaceBidInput) {
  return call(bidsEndpoints.place, { body: input });
}

export function usePlaceBid() {
  return useMutation({ mutationFn: placeBid });
}
