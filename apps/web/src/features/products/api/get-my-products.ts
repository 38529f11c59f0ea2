import { productsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const myProductsKey = ['products', 'mine'] as const;

/** GET /api/products/get_products: the seller's own products, newest first. */
export const getMyProducts = () => call(productsEndpoints.listOwn);

export function useMyProducts(enabled = true) {
  return useQuery({ queryKey: myProductsKey, queryFn: getMyProducts, enabled });
}
