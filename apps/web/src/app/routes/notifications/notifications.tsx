import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NotificationsList } from '../../../features/notifications/components/notifications-list.tsx';
import { authStorage } from '../../../lib/auth-storage.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

/** /notifications: allowed by the route table, but the list needs a login. */
export function Component() {
  usePageMeta({ title: 'Notificaciones' });
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) {
    authStorage.setRedirect(location.pathname + location.search);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  return (
    <section className="page">
      <h1 className="page-title">Notificaciones</h1>
      <NotificationsList />
    </section>
  );
}
