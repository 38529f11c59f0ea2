import { authStorage } from '../../../lib/auth-storage.ts';

/** Auction links need a login: without a token the target is saved and the user goes to /login. */
export function needsLogin(target: string): boolean {
  if (authStorage.getToken()) return false;
  authStorage.setRedirect(target);
  return true;
}
