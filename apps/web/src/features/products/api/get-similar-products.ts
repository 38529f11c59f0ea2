import { productsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/products/get_similar_buy_products/{id}: up to 8 buyable products alike. */
export const getSimilarProducts = (id: number) => call(productsEndpoints.similar, { params: { id } });

export function useSimilarProducts(id: number) {
  return useQuery({
    queryKey: ['products', 'similar', id],
    queryFn: () => getSimilarProducts(id),
    enabled: id > 0,
  });
}
