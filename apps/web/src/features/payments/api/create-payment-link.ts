import { type PaymentLinkResponse, paymentsEndpoints } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callWithStatus } from '../../../lib/api-client.ts';

/** GET /api/bold/create/{paymentId}: a payment link for a won item; success is a 201. */
async function createPaymentLink(paymentId: string): Promise<PaymentLinkResponse> {
  const { status, data } = await callWithStatus(paymentsEndpoints.createLink, { params: { paymentId } });
  if (status !== 201) throw new ApiError(status, `Error ${status}`);
  return data;
}

export function useCreatePaymentLink() {
  return useMutation({ mutationFn: createPaymentLink });
}
