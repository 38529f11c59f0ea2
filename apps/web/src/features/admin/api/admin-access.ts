import { adminEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Whether the server refuses this operator the console for want of a second factor (production
 * does; elsewhere it only warns). Asked only for an operator without one, with the smallest call.
 */
export function useSecondFactorRefusal(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.access,
    enabled,
    retry: false,
    queryFn: async () => {
      try {
        await call(adminEndpoints.stats, { query: { days: 1 } });
        return false;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403 && error.code === 'TWO_FACTOR_REQUIRED')
          return true;
        throw error;
      }
    },
  });
}
