import { type AdminPayoutStatus, adminEndpoints, type MarkPaidInput } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

const PAYOUTS_PAGE_SIZE = 50;

/** GET /api/admin/payouts?status=: payout records with the seller's bank account. */
const adminPayoutsQuery = (status: AdminPayoutStatus, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.payoutList(status, page),
    queryFn: () => call(adminEndpoints.payouts, { query: { status, page, size: PAYOUTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminPayouts = (status: AdminPayoutStatus, page: number) =>
  useQuery(adminPayoutsQuery(status, page));

/**
 * GET /api/admin/payouts/export.csv?status=: the rows as CSV, through the API client (it carries
 * the session's token, which a plain link could not), saved as a file by the browser.
 */
export async function downloadPayoutsCsv(status: AdminPayoutStatus): Promise<void> {
  const csv = await call(adminEndpoints.exportPayouts, { query: { status } });
  // Reading the answer as text drops its byte-order mark; spreadsheet programs need it to read
  // the file as UTF-8 (names with accents).
  const blob = new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, `pagos-${status}-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** POST /api/admin/payouts/mark-paid: all or nothing; a 409 names the payout at fault. */
export function useMarkPayoutsPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkPaidInput) => call(adminEndpoints.markPaid, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
