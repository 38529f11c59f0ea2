import { adminEndpoints } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/admin/products/{id}/takedown with the reason its owner is told (a sold product is a 409). */
export function useTakedownProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(adminEndpoints.takedownProduct, { params: { id: String(id) }, body: { reason } }),
    // The product leaves its auction (bids void): signals, stats and the audit change.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
