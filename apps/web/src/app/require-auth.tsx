import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { authStorage } from '../lib/auth-storage.ts';
import { useIsLoggedIn } from '../lib/use-auth.ts';

/** Without a token: remember the full path for after login and go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) {
    authStorage.setRedirect(location.pathname + location.search);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  return children;
}
