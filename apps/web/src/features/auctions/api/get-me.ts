import type { UserProfile } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/users/profile, under the same cache key as the profile page: the live panel needs the
 * user's name to tell when a new bid outbids them.
 */
export function useMe() {
  return useQuery({
    queryKey: ['users', 'profile'] as const,
    queryFn: () => api.get<UserProfile>('/api/users/profile', { auth: true }),
    staleTime: 60_000,
  });
}
