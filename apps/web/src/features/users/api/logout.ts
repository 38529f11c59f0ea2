import { usersEndpoints } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { authStorage } from '../../../lib/auth-storage.ts';

/**
 * POST /api/users/logout ends this session on the server (this device's token is refused from
 * then on; the account's other devices stay logged in), then forgets the token here. The local
 * session ends even when the call fails (offline, server down): a person who pressed 'Cerrar
 * Sesión' must be logged out.
 */
async function logout(): Promise<void> {
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

/**
 * POST /api/users/logout-all ends every session of the account, on every device. Unlike a plain
 * logout, a failure is reported (thrown) and this device stays logged in: the person asked for
 * the other devices to be logged out, and forgetting the token here would hide that they were not.
 */
async function logoutEverywhere(): Promise<void> {
  await call(usersEndpoints.logoutAll);
  authStorage.clearToken();
}

export function useLogoutEverywhere() {
  const client = useQueryClient();
  return async () => {
    await logoutEverywhere();
    client.clear();
  };
}
