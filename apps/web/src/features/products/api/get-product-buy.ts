import { productsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/products/get_product_buy/{id}: product, owner and whether it can be bought. */
export const getProductBuy = (id: number) => call(productsEndpoints.getBuy, { params: { id } });

export function useProductBuy(id: number) {
  return useQuery({ queryKey: ['products', 'buy', id], queryFn: () => getProductBuy(id), enabled: id > 0 });
}
