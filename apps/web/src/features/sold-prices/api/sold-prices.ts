import { catalogEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/catalog/sold/{productId}: what similar products sold for in the last year. */
const getSoldPrices = (productId: number) => call(catalogEndpoints.sold, { params: { productId } });

const soldPricesQuery = (productId: number) =>
  queryOptions({
    queryKey: queryKeys.catalog.sold(productId),
    queryFn: () => getSoldPrices(productId),
    // Past sales change slowly: a minute's staleness saves a request on every return to the page.
    staleTime: 60_000,
  });

export function useSoldPrices(productId: number) {
  return useQuery(soldPricesQuery(productId));
}
