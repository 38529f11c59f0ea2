import { type CombinedPaymentResponse, combinedPaymentsEndpoints } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callWithStatus } from '../../../lib/api-client.ts';

/** POST /api/payments/combined: one payment link for several unpaid items of one seller (a 201). */
async function createCombinedPayment(paymentIds: string[]): Promise<CombinedPaymentResponse> {
  const { status, data } = await callWithStatus(combinedPaymentsEndpoints.create, {
    body: { payment_ids: paymentIds },
  });
  if (status !== 201) throw new ApiError(status, `Error ${status}`);
  return data;
}

export function useCreateCombinedPayment() {
  return useMutation({ mutationFn: createCombinedPayment });
}
