import { NotificationsList } from '../../../features/notifications/components/notifications-list.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { RequireAuth } from '../../require-auth.tsx';

/** /notifications: allowed by the route table, but the list needs a login. */
export function Component() {
  usePageMeta({ title: 'Notificaciones' });
  return (
    <RequireAuth>
      <section className="page">
        <h1 className="page-title">Notificaciones</h1>
        <NotificationsList />
      </section>
    </RequireAuth>
  );
}
