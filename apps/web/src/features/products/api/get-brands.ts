import { referenceDataEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { REFERENCE_DATA_STALE_MS } from './get-categories.ts';

/** GET /api/brands/{categoryId} */
const getBrands = (categoryId: number) => call(referenceDataEndpoints.brands, { params: { categoryId } });

const brandsQuery = (categoryId: number | null) =>
  queryOptions({
    queryKey: queryKeys.referenceData.brands(categoryId),
    queryFn: () => getBrands(categoryId!),
    enabled: categoryId !== null,
    staleTime: REFERENCE_DATA_STALE_MS,
  });

export const useBrands = (categoryId: number | null) => useQuery(brandsQuery(categoryId));
