import { catalogueEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_MS } from './get-categories.ts';

/** GET /api/brands/{categoryId} */
export const getBrands = (categoryId: number) => call(catalogueEndpoints.brands, { params: { categoryId } });

export function useBrands(categoryId: number | null) {
  return useQuery({
    queryKey: ['catalogue', 'brands', categoryId],
    queryFn: () => getBrands(categoryId!),
    enabled: categoryId !== null,
    staleTime: CATALOGUE_STALE_MS,
  });
}
