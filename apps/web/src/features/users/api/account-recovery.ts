import { accountRecoveryEndpoints, type EmailChangeRequest, type PasswordResetConfirm } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/users/password-reset: the same answer whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) => call(accountRecoveryEndpoints.requestPasswordReset, { body: { email } }),
  });

/**
 * POST /api/users/password-reset/confirm: every session of the account ends, this browser's too,
 * so its stored token and cached answers are forgotten.
 */
export function useConfirmPasswordReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) =>
      call(accountRecoveryEndpoints.confirmPasswordReset, { body: input }),
    onSuccess: () => {
      authStorage.clearToken();
      client.clear();
    },
  });
}

/** POST /api/users/me/email: the link goes to the new address; nothing changes until it is opened. */
export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (input: EmailChangeRequest) =>
      call(accountRecoveryEndpoints.requestEmailChange, { body: input }),
  });

/** POST /api/users/me/email/confirm: the profile shows the new address afterwards. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(accountRecoveryEndpoints.confirmEmailChange, { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users.profile }),
  });
}
