import type { SellerPayment, SellerPaymentDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/pending-payments/seller: the seller's payouts, newest first. */
export const getSellerPayments = () =>
  api.get<SellerPayment[]>('/api/pending-payments/seller', { auth: true });

/** GET /api/pending-payments/get/{id}: one payout with its product. */
export const getSellerPayment = (id: string) =>
  api.get<SellerPaymentDetail>(`/api/pending-payments/get/${encodeURIComponent(id)}`, { auth: true });

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
