import type { PurchasedProductsResponse } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const purchasesKey = ['shipping', 'purchases'] as const;

/** GET /api/products/get_purchased_products: the buyer's purchases, won and bought. */
export const getPurchases = () =>
  api.get<PurchasedProductsResponse>('/api/products/get_purchased_products', { auth: true });

export function usePurchases() {
  return useQuery({ queryKey: purchasesKey, queryFn: getPurchases });
}

/** POST /api/products/confirm_delivery: the buyer says a shipped product arrived. */
export const confirmDelivery = (productId: number) =>
  api.post<{ message: string; product_id: number; shipping_status: string; product_status: string }>(
    '/api/products/confirm_delivery',
    { product_id: productId },
    { auth: true },
  );

export function useConfirmDelivery() {
  return useMutation({ mutationFn: confirmDelivery });
}
