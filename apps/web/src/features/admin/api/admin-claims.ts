import { adminClaimsEndpoints, type ResolveClaimInput } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const CLAIMS_PAGE_SIZE = 20;
export type AdminClaimFilter = 'active' | 'refunded' | 'released';

/** GET /api/admin/claims?status=: `active` is open and escalated, escalated first. */
const adminClaimsQuery = (status: AdminClaimFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.claimList(status, page),
    queryFn: () => call(adminClaimsEndpoints.list, { query: { status, page, size: CLAIMS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminClaims = (status: AdminClaimFilter, page: number) =>
  useQuery(adminClaimsQuery(status, page));

/** POST /api/admin/claims/{id}/resolve: refund the buyer, or release the payout to its course. */
export function useResolveClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveClaimInput & { id: number }) =>
      call(adminClaimsEndpoints.resolve, { params: { id: String(id) }, body }),
    // The claim leaves the list, the counts and the payouts change.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
