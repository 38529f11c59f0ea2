import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { applyAppStyles } from './app/app-styles.ts';
import { prefetchPageData } from './app/prefetch-page-data.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { leadPainted, rememberBootLead } from './lib/boot-lead.ts';
import { createQueryClient } from './lib/react-query.ts';
import './styles/app.css';

const queryClient = createQueryClient();
// The first page's data is asked for before anything renders (the render below is sliced).
prefetchPageData(queryClient, window.location.pathname);
rememberBootLead(document, window.location.pathname);

// The first render as a transition: React renders it in slices and lets the browser paint and
// answer input in between, instead of holding the main thread for the whole app at once. It
// waits for the app's stylesheet (index.html paints its placeholder without it), the page's code
// and the placeholder's lead image.
void Promise.all([applyAppStyles(), preloadPage(window.location.pathname), leadPainted()]).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    );
  }),
);
