import { trustAdminEndpoints } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const SIGNALS_PAGE_SIZE = 20;

/** Under the console's key, so every operator action that invalidates the console reads it again. */
const signalsKey = (page: number) => [...queryKeys.admin.all, 'signals', page] as const;

/** GET /api/admin/signals: seller-bidder pairs that look like shill bidding, with their evidence. */
const adminSignalsQuery = (page: number) =>
  queryOptions({
    queryKey: signalsKey(page),
    queryFn: () => call(trustAdminEndpoints.signals, { query: { page, size: SIGNALS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminSignals = (page: number) => useQuery(adminSignalsQuery(page));

/** POST /api/admin/signals/confirm: the bidder's bids on the seller's running auctions are voided. */
export function useConfirmSignal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pair: { seller_username: string; bidder_username: string }) =>
      call(trustAdminEndpoints.confirmSignal, { body: pair }),
    // Voided bids change the signals, the stats and the audit.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
