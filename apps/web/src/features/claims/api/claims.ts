import { type Claim, claimsEndpoints, type OpenClaimInput } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/claims/{id}: the claim and its conversation. */
const claimQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.claims.detail(id),
    queryFn: () => call(claimsEndpoints.get, { params: { id: String(id) } }),
  });
export const useClaim = (id: number) => useQuery(claimQuery(id));

/** GET /api/claims/{id}/context: who is looking, the parties, the amount and the tracking. */
export const useClaimContext = (id: number) =>
  useQuery({
    queryKey: queryKeys.claims.context(id),
    queryFn: () => call(claimsEndpoints.context, { params: { id: String(id) } }),
  });

/** A claim changed (opened, refunded, escalated): the purchases and sales lists show its state. */
function useClaimChanged() {
  const client = useQueryClient();
  return (claim: Claim) => {
    client.setQueryData(queryKeys.claims.detail(claim.id), claim);
    void client.invalidateQueries({ queryKey: queryKeys.shipping.purchases });
    void client.invalidateQueries({ queryKey: queryKeys.shipping.sold });
    void client.invalidateQueries({ queryKey: queryKeys.payments.payouts });
  };
}

/** POST /api/claims: the buyer opens a claim. */
export function useOpenClaim() {
  const changed = useClaimChanged();
  return useMutation({
    mutationFn: (body: OpenClaimInput) => call(claimsEndpoints.open, { body }),
    onSuccess: changed,
  });
}

/** POST /api/claims/{id}/messages. */
export function useSendClaimMessage(id: number) {
  const changed = useClaimChanged();
  return useMutation({
    mutationFn: (text: string) =>
      call(claimsEndpoints.message, { params: { id: String(id) }, body: { text } }),
    onSuccess: (result) => changed(result.claim),
  });
}

/** POST /api/claims/{id}/refund (the seller) and /escalate (either party). */
export function useClaimAction(id: number, action: 'refund' | 'escalate') {
  const changed = useClaimChanged();
  return useMutation({
    mutationFn: () => call(claimsEndpoints[action], { params: { id: String(id) } }),
    onSuccess: (result) => changed(result.claim),
  });
}
