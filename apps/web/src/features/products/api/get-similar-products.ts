import { productsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/get_similar_buy_products/{id}: up to 8 buyable products alike. */
const getSimilarProducts = (id: number) => call(productsEndpoints.similar, { params: { id } });

const similarProductsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.products.similar(id),
    queryFn: () => getSimilarProducts(id),
  });

export const useSimilarProducts = (id: number) => useQuery(similarProductsQuery(id));
