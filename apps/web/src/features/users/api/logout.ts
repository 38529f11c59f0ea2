import { usersEndpoints } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { authStorage } from '../../../lib/auth-storage.ts';

/**
 * POST /api/users/logout ends the session on the server (every device of the account: its tokens
 * are refused from then on), then forgets the token here. The local session ends even when the
 * call fails (offline, server down): a person who pressed 'Cerrar Sesión' must be logged out.
 */
export async function logout(): Promise<void> {
  try {
    await call(usersEndpoints.logout);
  } catch {
    // Nothing to tell: the token is forgotten below either way.
  } finally {
    authStorage.clearToken();
  }
}

/** Logs out and forgets every cached answer, so nothing of this user shows to the next one. */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    await logout();
    client.clear();
  };
}
