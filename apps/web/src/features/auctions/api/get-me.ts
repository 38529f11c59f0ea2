import { usersEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/users/profile, under the same cache key as the profile page: the live panel needs the
 * user's name to tell when a new bid outbids them.
 */
export function useMe() {
  return useQuery({
    queryKey: queryKeys.users.profile,
    queryFn: () => call(usersEndpoints.profile),
    staleTime: 60_000,
  });
}
