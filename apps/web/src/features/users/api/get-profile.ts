import { type UserProfile, usersEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const profileQueryKey = ['users', 'profile'] as const;

/** GET /api/users/profile: the logged-in user's own profile. */
export function getProfile(): Promise<UserProfile> {
  return call(usersEndpoints.profile);
}

export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile, enabled: options.enabled ?? true });
}
