import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/bold/buy_product/{id}: a payment link for buying the product now (payments module). */
export const buyProduct = (id: number) =>
  api.get<{ payment_link?: string | null }>(`/api/bold/buy_product/${id}`, { auth: true });

export function useBuyProduct() {
  return useMutation({ mutationFn: buyProduct });
}
