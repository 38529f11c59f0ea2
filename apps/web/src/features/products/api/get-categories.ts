import { catalogueEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Reference data changes only with a deployment. */
export const CATALOGUE_STALE_MS = 10 * 60 * 1000;

/** GET /api/categories */
const getCategories = () => call(catalogueEndpoints.categories);

const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalogue.categories,
    queryFn: getCategories,
    staleTime: CATALOGUE_STALE_MS,
  });

export const useCategories = () => useQuery(categoriesQuery());
