import { productsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const productKey = (id: number) => ['products', 'detail', id] as const;

/** GET /api/products/get_product/{id}: the owner's view; others get it without the prices. */
export const getProduct = (id: number) => call(productsEndpoints.get, { params: { id } });

export function useProduct(id: number) {
  return useQuery({ queryKey: productKey(id), queryFn: () => getProduct(id), enabled: id > 0 });
}
