/** The session token and the redirect-after-login, both in local storage. */
const TOKEN_KEY = 'jwt_token';
const REDIRECT_KEY = 'redirect_after_login';
const listeners = new Set<() => void>();

export const authStorage = {
  getToken(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  setToken(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    for (const listener of listeners) listener();
  },
  clearToken() {
    if (localStorage.getItem(TOKEN_KEY) === null) return;
    localStorage.removeItem(TOKEN_KEY);
    for (const listener of listeners) listener();
  },
  /** For useSyncExternalStore: re-render when the token appears or goes. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  getRedirect(): string | null {
    return localStorage.getItem(REDIRECT_KEY);
  },
  setRedirect(path: string) {
    localStorage.setItem(REDIRECT_KEY, path);
  },
  clearRedirect() {
    localStorage.removeItem(REDIRECT_KEY);
  },
};
