import { paymentsEndpoints } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/bold/buy_product/{id}: a payment link for buying the product now (payments module). */
const buyProduct = (id: number) => call(paymentsEndpoints.buyProduct, { params: { productId: id } });

export function useBuyProduct() {
  return useMutation({ mutationFn: buyProduct });
}
