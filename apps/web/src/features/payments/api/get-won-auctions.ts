import { paymentsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const wonAuctionsKey = ['payments', 'won'] as const;

/** GET /api/payments/get_payments_by_user_id: the logged-in user's won-auction items. */
export const getWonAuctions = () => call(paymentsEndpoints.wonItems);

export function useWonAuctions() {
  return useQuery({ queryKey: wonAuctionsKey, queryFn: getWonAuctions });
}
