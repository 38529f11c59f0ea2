import { catalogueEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_MS } from './get-categories.ts';

/** GET /api/scales */
export const getScales = () => call(catalogueEndpoints.scales);

export function useScales() {
  return useQuery({ queryKey: ['catalogue', 'scales'], queryFn: getScales, staleTime: CATALOGUE_STALE_MS });
}
