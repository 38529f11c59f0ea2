import { shippingEndpoints } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const soldProductsKey = ['shipping', 'sold'] as const;

/** GET /api/products/get_sold_products: the seller's sales with buyer details. */
export const getSoldProducts = () => call(shippingEndpoints.soldProducts);

export function useSoldProducts() {
  return useQuery({ queryKey: soldProductsKey, queryFn: getSoldProducts });
}

/** POST /api/products/change_shipping_status: pending → shipped, by the seller. */
export const markProductShipped = (productId: number) =>
  call(shippingEndpoints.markShipped, { body: { product_id: productId, shipping_status: 'shipped' } });

export function useMarkShipped() {
  return useMutation({ mutationFn: markProductShipped });
}
