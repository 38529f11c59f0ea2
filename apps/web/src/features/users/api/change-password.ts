import type { ChangePasswordInput } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/users/change-password; a wrong current password is a 400 with the server's message. */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/users/change-password', input, { auth: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
