import { referenceDataEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { REFERENCE_DATA_STALE_MS } from './get-categories.ts';

/** GET /api/scales */
const getScales = () => call(referenceDataEndpoints.scales);

const scalesQuery = () =>
  queryOptions({
    queryKey: queryKeys.referenceData.scales,
    queryFn: getScales,
    staleTime: REFERENCE_DATA_STALE_MS,
  });

export const useScales = () => useQuery(scalesQuery());
