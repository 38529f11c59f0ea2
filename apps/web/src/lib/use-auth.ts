import { useSyncExternalStore } from 'react';
import { authStorage } from './auth-storage.ts';

/** The stored token, re-rendering when it changes (login, logout, any 401). */
export function useToken(): string | null {
  return useSyncExternalStore(authStorage.subscribe, authStorage.getToken, () => null);
}

export function useIsLoggedIn(): boolean {
  return useToken() !== null;
}
