import type { WonAuctionItem } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const wonAuctionsKey = ['payments', 'won'] as const;

/** GET /api/payments/get_payments_by_user_id: the logged-in user's won-auction items. */
export const getWonAuctions = () =>
  api.get<WonAuctionItem[]>('/api/payments/get_payments_by_user_id', { auth: true });

export function useWonAuctions() {
  return useQuery({ queryKey: wonAuctionsKey, queryFn: getWonAuctions });
}
