import { paymentsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/bold/verify/{paymentId}: the payment's status as the server decided it. */
export const verifyPayment = (paymentId: string) => call(paymentsEndpoints.verify, { params: { paymentId } });

export function useVerifyPayment(paymentId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'verify', paymentId],
    queryFn: () => verifyPayment(paymentId!),
    enabled: enabled && !!paymentId,
    retry: false,
    staleTime: 0,
  });
}
