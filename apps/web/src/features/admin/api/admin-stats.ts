import { adminEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/stats?days=: the business per day in Bogotá and what waits for an operator. */
const adminStatsQuery = (days: number) =>
  queryOptions({
    queryKey: queryKeys.admin.stats(days),
    queryFn: () => call(adminEndpoints.stats, { query: { days } }),
  });

export const useAdminStats = (days: number) => useQuery(adminStatsQuery(days));
