import { adminEndpoints, type ReportStatus, type ResolveReportInput } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const REPORTS_PAGE_SIZE = 20;

/** GET /api/admin/reports?status=: reports with what they are about and a link to it. */
const adminReportsQuery = (status: ReportStatus, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.reportList(status, page),
    queryFn: () => call(adminEndpoints.reports, { query: { status, page, size: REPORTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminReports = (status: ReportStatus, page: number) =>
  useQuery(adminReportsQuery(status, page));

/** POST /api/admin/reports/{id}/resolve: dismiss, take the product down or suspend the account. */
export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveReportInput & { id: number }) =>
      call(adminEndpoints.resolveReport, { params: { id: String(id) }, body }),
    // A resolution may take a product down or suspend someone: every console list may change.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
