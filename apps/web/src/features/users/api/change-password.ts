import { type ChangePasswordInput, usersEndpoints } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, renewingToken } from '../../../lib/api-client.ts';
import { authStorage } from '../../../lib/auth-storage.ts';

/**
 * POST /api/users/change-password; a wrong current password is a 400 with the server's message.
 * The change ends every earlier session, so the fresh token it returns replaces the stored one.
 */
function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return renewingToken(async () => {
    const result = await call(usersEndpoints.changePassword, { body: input });
    if (result.jwt_token) authStorage.setToken(result.jwt_token);
    return result;
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
