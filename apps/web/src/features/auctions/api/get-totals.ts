import type { UserTotals } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/auctions/get_totals: total_bids, total_wins, total_sales, active_auctions. */
export function getUserTotals() {
  return api.get<UserTotals>('/api/auctions/get_totals', { auth: true });
}

export function useUserTotals() {
  return useQuery({ queryKey: ['auctions', 'totals'], queryFn: getUserTotals });
}
