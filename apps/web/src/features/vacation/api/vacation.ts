import { type SetVacationPayload, sellerVacationEndpoints } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * PUT /api/sellers/vacation: sets or (with `away_until: null`) ends the seller's vacation. The
 * profile carries it, and the seller's product pages show it: both are read again.
 */
export function useSetVacation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetVacationPayload) => call(sellerVacationEndpoints.set, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.users.profile }),
        client.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
}
