import { adminRefundsEndpoints } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const REFUNDS_PAGE_SIZE = 20;

/** GET /api/admin/refunds?status=failed: refunds an operator must retry. */
export const useFailedRefunds = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin.refundList('failed', page),
    queryFn: () =>
      call(adminRefundsEndpoints.list, { query: { status: 'failed', page, size: REFUNDS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/refunds/{id}/retry: asks the processor again (a refund not failed is a 409). */
export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(adminRefundsEndpoints.retry, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
