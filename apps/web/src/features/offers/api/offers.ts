import { type CreateOfferPayload, offersEndpoints } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const OFFERS_PAGE_SIZE = 20;

/** GET /api/offers/mine: offers the user made (`buyer`) or received (`seller`), newest first. */
export function useMyOffers(role: 'buyer' | 'seller', page: number) {
  return useQuery({
    queryKey: [...queryKeys.offers.all, role, page],
    queryFn: () => call(offersEndpoints.mine, { query: { role, page, size: OFFERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferPayload) => call(offersEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}

/** Accept, decline or counter an offer (whichever side's turn it is). */
export function useOfferStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: number; action: 'accept' | 'decline' } | { id: number; action: 'counter'; amount: number },
    ) =>
      input.action === 'counter'
        ? call(offersEndpoints.counter, { params: { id: input.id }, body: { amount: input.amount } })
        : call(offersEndpoints[input.action], { params: { id: input.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}
