import { paymentsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/pending-payments/seller: the seller's payouts, newest first. */
export const getSellerPayments = () => call(paymentsEndpoints.payouts);

/** GET /api/pending-payments/get/{id}: one payout with its product. */
export const getSellerPayment = (id: string) => call(paymentsEndpoints.payout, { params: { id } });

export function useSellerPayments() {
  return useQuery({ queryKey: ['payments', 'payouts'], queryFn: getSellerPayments });
}

export function useSellerPayment(id: string | null) {
  return useQuery({
    queryKey: ['payments', 'payout', id],
    queryFn: () => getSellerPayment(id!),
    enabled: id !== null,
  });
}
