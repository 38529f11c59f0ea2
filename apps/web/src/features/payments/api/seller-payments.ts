import { paymentsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/pending-payments/seller: the seller's payouts, newest first. */
const getSellerPayments = () => call(paymentsEndpoints.payouts);

/** GET /api/pending-payments/get/{id}: one payout with its product. */
const getSellerPayment = (id: string) => call(paymentsEndpoints.payout, { params: { id } });

const sellerPaymentsQuery = () =>
  queryOptions({ queryKey: queryKeys.payments.payouts, queryFn: getSellerPayments });

const sellerPaymentQuery = (id: string | null) =>
  queryOptions({
    queryKey: queryKeys.payments.payout(id),
    queryFn: () => getSellerPayment(id!),
    enabled: id !== null,
  });

export const useSellerPayments = () => useQuery(sellerPaymentsQuery());
export const useSellerPayment = (id: string | null) => useQuery(sellerPaymentQuery(id));
