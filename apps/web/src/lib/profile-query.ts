import { type UserProfile, usersEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/users/profile: the logged-in user's own profile. */
export function getProfile(): Promise<UserProfile> {
  return call(usersEndpoints.profile);
}

export const profileQuery = (enabled = true) =>
  queryOptions({ queryKey: queryKeys.users.profile, queryFn: getProfile, enabled });

export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery(profileQuery(options.enabled ?? true));
}
