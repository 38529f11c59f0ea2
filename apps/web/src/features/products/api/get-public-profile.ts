import { type PublicProfile, usersEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export type ProfileRef = { username: string } | { id: number };

/** GET /api/users/public/{username} or /api/users/public/id/{id} (for /seller/{id}). */
export function getPublicProfile(ref: ProfileRef): Promise<PublicProfile> {
  return 'username' in ref
    ? call(usersEndpoints.publicProfile, { params: { username: ref.username } })
    : call(usersEndpoints.publicProfileById, { params: { id: ref.id } });
}

export function usePublicProfile(ref: ProfileRef | null) {
  return useQuery({
    queryKey: ['users', 'public', ref],
    queryFn: () => getPublicProfile(ref!),
    enabled: ref !== null,
  });
}
