import { auctionsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Activity counters of the logged-in user ('User totals'). */
export interface UserTotals {
  total_bids: number;
  total_wins: number;
  total_sales: number;
  active_auctions: number;
}

export const EMPTY_TOTALS: UserTotals = { total_bids: 0, total_wins: 0, total_sales: 0, active_auctions: 0 };
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** GET /api/auctions/get_totals */
async function getUserTotals(): Promise<UserTotals> {
  // Each counter checked rather than trusted: a missing one shows 0.
  const data: Partial<UserTotals> | null = await call(auctionsEndpoints.totals);
  return {
    total_bids: count(data?.total_bids),
    total_wins: count(data?.total_wins),
    total_sales: count(data?.total_sales),
    active_auctions: count(data?.active_auctions),
  };
}

const userTotalsQuery = () => queryOptions({ queryKey: queryKeys.users.totals, queryFn: getUserTotals });

export const useUserTotals = () => useQuery(userTotalsQuery());
