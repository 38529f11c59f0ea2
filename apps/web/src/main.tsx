import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { applyAppStyles } from './app/app-styles.ts';
import { prefetchPageData } from './app/prefetch-page-data.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { createQueryClient } from './lib/react-query.ts';
import './styles/app.css';

const queryClient = createQueryClient();
// The first page's data is asked for before anything renders (the render below is sliced).
prefetchPageData(queryClient, window.location.pathname);

// The first render as a transition: React renders it in slices and lets the browser paint and
// answer input in between, instead of holding the main thread for the whole app at once. It
// waits for the app's stylesheet (index.html paints its placeholder without it).
void applyAppStyles().then(() =>
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
