import type { ProductBuyResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/products/get_product_buy/{id}: product, owner and whether it can be bought. */
export const getProductBuy = (id: number) =>
  api.get<ProductBuyResponse>(`/api/products/get_product_buy/${id}`);

export function useProductBuy(id: number) {
  return useQuery({ queryKey: ['products', 'buy', id], queryFn: () => getProductBuy(id), enabled: id > 0 });
}
