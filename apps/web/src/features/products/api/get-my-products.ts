import { productsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/get_products: the seller's own products, newest first. */
const getMyProducts = () => call(productsEndpoints.listOwn);

const myProductsQuery = (enabled = true) =>
  queryOptions({ queryKey: queryKeys.products.mine, queryFn: getMyProducts, enabled });

export const useMyProducts = (enabled = true) => useQuery(myProductsQuery(enabled));
