import type { PaymentLinkResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/** GET /api/bold/create/{paymentId}: a payment link for a won item; success is a 201. */
export async function createPaymentLink(paymentId: string): Promise<PaymentLinkResponse> {
  const { status, data } = await api.getWithStatus<PaymentLinkResponse>(
    `/api/bold/create/${encodeURIComponent(paymentId)}`,
    { auth: true },
  );
  if (status !== 201) throw new ApiError(status, `Error ${status}`);
  return data;
}

export function useCreatePaymentLink() {
  return useMutation({ mutationFn: createPaymentLink });
}
