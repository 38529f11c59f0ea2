import type { PublicProduct } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/products/get_similar_buy_products/{id}: up to 8 buyable products alike. */
export const getSimilarProducts = (id: number) =>
  api.get<PublicProduct[]>(`/api/products/get_similar_buy_products/${id}`);

export function useSimilarProducts(id: number) {
  return useQuery({
    queryKey: ['products', 'similar', id],
    queryFn: () => getSimilarProducts(id),
    enabled: id > 0,
  });
}
