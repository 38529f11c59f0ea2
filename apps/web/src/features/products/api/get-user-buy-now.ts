import { productsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/get_buy_now_products_by_user/{userId}: a seller's buy-now products. */
const getUserBuyNowProducts = (userId: number) => call(productsEndpoints.byUser, { params: { userId } });

const userBuyNowProductsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.products.byUser(userId),
    queryFn: () => getUserBuyNowProducts(userId!),
    enabled: userId !== null,
    retry: false,
  });

export const useUserBuyNowProducts = (userId: number | null) => useQuery(userBuyNowProductsQuery(userId));
