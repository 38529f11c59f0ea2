/** The session token and the redirect-after-login, both in local storage. */
const TOKEN_KEY = 'jwt_token';
const REDIRECT_KEY = 'redirect_after_login';
const listeners = new Set<() => void>();
// The server's render of a page runs without storage: it renders what a visitor without a
// session sees.
const hasStorage = () => typeof localStorage !== 'undefined';

export const authStorage = {
  getToken(): string | null {
    return hasStorage() ? localStorage.getItem(TOKEN_KEY) : null;
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
    return hasStorage() ? localStorage.getItem(REDIRECT_KEY) : null;
  },
  setRedirect(path: string) {
    if (hasStorage()) localStorage.setItem(REDIRECT_KEY, path);
  },
  clearRedirect() {
    localStorage.removeItem(REDIRECT_KEY);
  },
};
