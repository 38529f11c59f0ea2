import type { PublicProfile } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ProfileRef = { username: string } | { id: number };

/** GET /api/users/public/{username} or /api/users/public/id/{id} (for /seller/{id}). */
export function getPublicProfile(ref: ProfileRef): Promise<PublicProfile> {
  return 'username' in ref
    ? api.get<PublicProfile>(`/api/users/public/${encodeURIComponent(ref.username)}`)
    : api.get<PublicProfile>(`/api/users/public/id/${ref.id}`);
}

export function usePublicProfile(ref: ProfileRef | null) {
  return useQuery({
    queryKey: ['users', 'public', ref],
    queryFn: () => getPublicProfile(ref!),
    enabled: ref !== null,
  });
}
