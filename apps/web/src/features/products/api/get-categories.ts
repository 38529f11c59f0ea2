import { referenceDataEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Reference data changes only with a deployment. */
export const REFERENCE_DATA_STALE_MS = 10 * 60 * 1000;

/** GET /api/categories */
const getCategories = () => call(referenceDataEndpoints.categories);

const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.referenceData.categories,
    queryFn: getCategories,
    staleTime: REFERENCE_DATA_STALE_MS,
  });

export const useCategories = () => useQuery(categoriesQuery());
