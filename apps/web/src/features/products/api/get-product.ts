import { productsEndpoints } from '@app/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/get_product/{id}: the owner's view; others get it without the prices. */
export const getProduct = (id: number) => call(productsEndpoints.get, { params: { id } });

const productQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.products.detail(id), queryFn: () => getProduct(id) });

export const useProduct = (id: number) => useQuery(productQuery(id));

/** A saved product replaces the cached one, and the owner's list is read again. */
export function putSavedProduct(
  client: QueryClient,
  id: number,
  product: Awaited<ReturnType<typeof getProduct>>,
) {
  client.setQueryData(productQuery(id).queryKey, product);
  void client.invalidateQueries({ queryKey: queryKeys.products.mine });
}
