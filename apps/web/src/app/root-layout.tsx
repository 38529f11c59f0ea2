import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from '../components/layout/header.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useUnreadCount } from '../features/notifications/api/use-unread-count.ts';
import { applyPageMeta, routeMeta } from '../lib/page-meta.ts';

const HEADERLESS = new Set(['/login', '/register']);

/** The app shell: header (with the notifications feature's unread count), page, footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  const unread = useUnreadCount();
  useEffect(() => {
    const meta = routeMeta[pathname];
    if (meta) applyPageMeta(meta);
  }, [pathname]);
  const showHeader = !HEADERLESS.has(pathname.replace(/\/+$/, '') || '/');
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      {showHeader && <Header unread={unread} />}
      <main id="main" className="app-main">
        <Suspense fallback={<Spinner label="Cargando..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
