import type { SoldProductsResponse } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const soldProductsKey = ['shipping', 'sold'] as const;

/** GET /api/products/get_sold_products: the seller's sales with buyer details. */
export const getSoldProducts = () =>
  api.get<SoldProductsResponse>('/api/products/get_sold_products', { auth: true });

export function useSoldProducts() {
  return useQuery({ queryKey: soldProductsKey, queryFn: getSoldProducts });
}

/** POST /api/products/change_shipping_status: pending → shipped, by the seller. */
export const markProductShipped = (productId: number) =>
  api.post<{ message: string; product_id: number; shipping_status: string; product_status: string }>(
    '/api/products/change_shipping_status',
    { product_id: productId, shipping_status: 'shipped' },
    { auth: true },
  );

export function useMarkShipped() {
  return useMutation({ mutationFn: markProductShipped });
}
