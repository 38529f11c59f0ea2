import { shippingEndpoints } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const purchasesKey = ['shipping', 'purchases'] as const;

/** GET /api/products/get_purchased_products: the buyer's purchases, won and bought. */
export const getPurchases = () => call(shippingEndpoints.purchases);

export function usePurchases() {
  return useQuery({ queryKey: purchasesKey, queryFn: getPurchases });
}

/** POST /api/products/confirm_delivery: the buyer says a shipped product arrived. */
export const confirmDelivery = (productId: number) =>
  call(shippingEndpoints.confirmDelivery, { body: { product_id: productId } });

export function useConfirmDelivery() {
  return useMutation({ mutationFn: confirmDelivery });
}
