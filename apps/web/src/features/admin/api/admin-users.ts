import { adminEndpoints, type InviteUserInput, trustAdminEndpoints } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users?query=: accounts, newest first, by part of the username or e-mail. */
const adminUsersQuery = (query: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.userList(query, page),
    queryFn: () =>
      call(adminEndpoints.users, {
        query: { ...(query ? { query } : {}), page, size: USERS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (query: string, page: number) => useQuery(adminUsersQuery(query, page));

const invalidateConsole = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: queryKeys.admin.all });

/** POST /api/admin/users: the account without a password, and its one-time invitation link. */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) => call(adminEndpoints.inviteUser, { body: input }),
    onSuccess: () => invalidateConsole(client),
  });
}

/** POST /api/admin/users/{id}/suspend with the reason. */
export function useSuspendUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(adminEndpoints.suspendUser, { params: { id: String(id) }, body: { reason } }),
    onSettled: () => invalidateConsole(client),
  });
}

/** POST /api/admin/users/{id}/reinstate, with an optional note for the audit. */
export function useReinstateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(adminEndpoints.reinstateUser, { params: { id: String(id) }, body: { reason: reason || null } }),
    onSettled: () => invalidateConsole(client),
  });
}

/** POST /api/admin/users/{id}/clear-strikes: the account may bid and buy again (audited). */
export function useClearStrikes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(trustAdminEndpoints.clearStrikes, { params: { id: String(id) } }),
    onSettled: () => invalidateConsole(client),
  });
}
