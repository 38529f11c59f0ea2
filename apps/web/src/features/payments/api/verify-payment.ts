import { paymentsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/bold/verify/{paymentId}: the payment's status as the server decided it. */
const verifyPayment = (paymentId: string) => call(paymentsEndpoints.verify, { params: { paymentId } });

const verifyPaymentQuery = (paymentId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.payments.verify(paymentId),
    queryFn: () => verifyPayment(paymentId!),
    enabled: enabled && !!paymentId,
    retry: false,
    staleTime: 0,
  });

export function useVerifyPayment(paymentId: string | null, enabled: boolean) {
  return useQuery(verifyPaymentQuery(paymentId, enabled));
}
