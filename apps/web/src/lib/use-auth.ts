import { useSyncExternalStore } from 'react';
import { authStorage } from './auth-storage.ts';

/** The stored token, re-rendering when it changes (login, logout, any 401). */
export function useToken(): string | null {
  return useSyncExternalStore(authStorage.subscribe, authStorage.getToken, () => null);
}

export function useIsLoggedIn(): boolean {
  return useToken() !== null;
}

/** The user id a token names (its subject), or null: for owner-only buttons, not for trust. */
export function tokenUserId(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const id = Number(json.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** The logged-in user's id (null when logged out), re-rendering when the session changes. */
export function useCurrentUserId(): number | null {
  return tokenUserId(useToken());
}
