import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from '../components/layout/header.tsx';
import { UpdatePrompt } from '../components/layout/update-prompt.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useUnreadCount } from '../features/notifications/api/use-unread-count.ts';
import { applyPageMeta, routeMeta } from '../lib/page-meta.ts';
import { profileQuery } from '../lib/profile-query.ts';
import { useIsLoggedIn } from '../lib/use-auth.ts';
import { PageShownMark } from './first-render.tsx';

const HEADERLESS = new Set(['/login', '/register']);

/**
 * Whether the logged-in user runs the marketplace (their profile says so): the menu then offers
 * the console. The profile is asked for only once someone reaches for the menu (`wanted`), so
 * pages do not pay a request for it; one already loaded (Perfil, a product's questions) answers
 * at once.
 */
function useIsOperator(wanted: boolean): boolean {
  const loggedIn = useIsLoggedIn();
  const profile = useQuery(profileQuery(loggedIn && wanted));
  return loggedIn && profile.data?.is_operator === true;
}

/** The app shell: header (with the notifications feature's unread count), page, footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const unread = useUnreadCount();
  const [menuWanted, setMenuWanted] = useState(false);
  const isOperator = useIsOperator(menuWanted);
  // A new page starts at its top; going back or forward leaves the browser to restore where the
  // reader was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
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
      {showHeader && (
        <Header unread={unread} isOperator={isOperator} onActivityIntent={() => setMenuWanted(true)} />
      )}
      <main id="main" className="app-main">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner label="Cargando..." />}>
            <PageShownMark>
              <Outlet />
            </PageShownMark>
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <UpdatePrompt />
    </div>
  );
}
