import { type PublicProfile, usersEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ProfileRef = { username: string } | { id: number };

/** GET /api/users/public/{username} or /api/users/public/id/{id} (for /seller/{id}). */
function getPublicProfile(ref: ProfileRef): Promise<PublicProfile> {
  return 'username' in ref
    ? call(usersEndpoints.publicProfile, { params: { username: ref.username } })
    : call(usersEndpoints.publicProfileById, { params: { id: ref.id } });
}

const publicProfileQuery = (ref: ProfileRef | null) =>
  queryOptions({
    queryKey: queryKeys.users.publicProfile(ref),
    queryFn: () => getPublicProfile(ref!),
    enabled: ref !== null,
  });

export const usePublicProfile = (ref: ProfileRef | null) => useQuery(publicProfileQuery(ref));
