import { productsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/get_product_buy/{id}: product, owner and whether it can be bought. */
const getProductBuy = (id: number) => call(productsEndpoints.getBuy, { params: { id } });

export const productBuyQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.products.buy(id), queryFn: () => getProductBuy(id) });

export const useProductBuy = (id: number) => useQuery(productBuyQuery(id));
