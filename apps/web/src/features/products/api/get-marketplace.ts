import { productsEndpoints } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const MARKETPLACE_PAGE_SIZE = 12;

/** GET /api/products/marketplace: every seller's buy-now products, one page. */
const getMarketplace = (page: number, size = MARKETPLACE_PAGE_SIZE) =>
  call(productsEndpoints.marketplace, { query: { page, size } });

/** Pages of the Home 'Marketplace' tab, loaded one more at a time ('Cargar más'). */
const marketplaceQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.products.marketplace,
    queryFn: ({ pageParam }) => getMarketplace(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
  });

export const useMarketplace = () => useInfiniteQuery(marketplaceQuery());
