import { type AcceptInvitationInput, invitationsEndpoints } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/invitations/{token}: who the link is for (404 unknown, 410 used or expired). */
const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.users.invitation(token),
    queryFn: () => call(invitationsEndpoints.get, { params: { token } }),
    // A link is good once: what it said a minute ago may no longer hold.
    staleTime: 0,
  });

export const useInvitation = (token: string) => useQuery(invitationQuery(token));

/**
 * POST /api/invitations/{token}/accept: sets the password and answers a session, which replaces
 * whatever session this browser had (the cached answers of that one are forgotten).
 */
export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) =>
      call(invitationsEndpoints.accept, { params: { token }, body: input }),
    onSuccess: (result) => {
      client.clear();
      authStorage.setToken(result.jwt_token);
    },
  });
}
