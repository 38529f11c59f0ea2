import { type UserProfile, usersEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/users/profile: the logged-in user's own profile. */
function getProfile(): Promise<UserProfile> {
  return call(usersEndpoints.profile);
}

export const profileQuery = (enabled = true) =>
  queryOptions({ queryKey: queryKeys.users.profile, queryFn: getProfile, enabled });

/**
 * The logged-in user's profile, one cache entry for every screen that needs it (the profile page,
 * the live bid panel telling when a new bid outbids the user...). `staleTime` lets a screen that
 * mounts often read it without asking again.
 */
export function useProfile(options: { enabled?: boolean; staleTime?: number } = {}) {
  const query = profileQuery(options.enabled ?? true);
  // Only when given: an explicit undefined would override the client's default.
  return useQuery(options.staleTime === undefined ? query : { ...query, staleTime: options.staleTime });
}
