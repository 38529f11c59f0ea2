import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { applyPageMeta, routeMeta } from '../../lib/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

const HEADERLESS = new Set(['/login', '/register']);

export function RootLayout() {
  const { pathname } = useLocation();
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
      {showHeader && <Header />}
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
