import { productsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/products/get_buy_now_products_by_user/{userId}: a seller's buy-now products. */
export const getUserBuyNowProducts = (userId: number) =>
  call(productsEndpoints.byUser, { params: { userId } });

export function useUserBuyNowProducts(userId: number | null) {
  return useQuery({
    queryKey: ['products', 'by-user', userId],
    queryFn: () => getUserBuyNowProducts(userId!),
    enabled: userId !== null,
    retry: false,
  });
}
