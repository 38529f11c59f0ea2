import { catalogueEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Reference data changes only with a deployment. */
export const CATALOGUE_STALE_MS = 10 * 60 * 1000;

/** GET /api/categories */
export const getCategories = () => call(catalogueEndpoints.categories);

export function useCategories() {
  return useQuery({
    queryKey: ['catalogue', 'categories'],
    queryFn: getCategories,
    staleTime: CATALOGUE_STALE_MS,
  });
}
