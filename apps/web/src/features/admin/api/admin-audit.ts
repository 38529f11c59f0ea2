import { adminEndpoints } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit: every operator action, newest first. */
const adminAuditQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.audit(page),
    queryFn: () => call(adminEndpoints.audit, { query: { page, size: AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAdminAudit = (page: number) => useQuery(adminAuditQuery(page));
