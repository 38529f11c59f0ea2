import { catalogueEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { CATALOGUE_STALE_MS } from './get-categories.ts';

/** GET /api/scales */
const getScales = () => call(catalogueEndpoints.scales);

const scalesQuery = () =>
  queryOptions({ queryKey: queryKeys.catalogue.scales, queryFn: getScales, staleTime: CATALOGUE_STALE_MS });

export const useScales = () => useQuery(scalesQuery());
