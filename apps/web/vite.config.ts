import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons, THEME_COLOR } from './build/app-icons.ts';
import { deferredStyles } from './build/deferred-styles.ts';
import { earlyRequests } from './build/early-requests.ts';
import { precompress } from './build/precompress.ts';
import { pureSchemas } from './build/pure-schemas.ts';
import { routeOnlyEndpoints } from './build/route-only-endpoints.ts';
import { routePreloads } from './build/route-preloads.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * What the service worker keeps. Precached: the app's code, styles, icons and the offline page
 * (never index.html: the server writes each page's own). Pages (navigations) go to the network
 * first and a copy of each visited one is kept, so it opens offline; one never visited gets the
 * offline page ('Sin conexión'). Nothing else has a route, so the API, images, the checkout and
 * sockets go straight to the network and no answer carrying a user's data is ever stored. Pages
 * are what a visitor without a session sees (the session lives in the page's storage, not in
 * cookies), and a page whose address carries a token (an unsubscribe link) is not kept.
 */
const serviceWorker = {
  globPatterns: ['**/*.{js,css,svg,png,webmanifest}', 'offline.html'],
  globIgnores: ['index.html', 'sw.js', 'push-worker.js', 'og-image.png', 'route-preloads.json'],
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  navigateFallback: null,
  cleanupOutdatedCaches: true,
  inlineWorkboxRuntime: true,
  importScripts: ['/push-worker.js'],
  runtimeCaching: [
    {
      urlPattern: ({ request, url }: { request: Request; url: URL }) =>
        request.mode === 'navigate' &&
        url.origin === self.location.origin &&
        !/^\/(api|images|sandbox|unsubscribe|metrics)(\/|$)/.test(url.pathname) &&
        !url.pathname.split('/').some((segment) => segment.length > 32) &&
        !/token/i.test(url.search),
      handler: 'NetworkFirst' as const,
      options: {
        cacheName: 'pages',
        expiration: { maxEntries: 40, maxAgeSeconds: 14 * 24 * 3600 },
        cacheableResponse: { statuses: [200] },
        precacheFallback: { fallbackURL: '/offline.html' },
      },
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server render's bundle (`vite build --ssr`, see src/entry-server.tsx) needs no copy of public/.
  publicDir: isSsrBuild ? false : 'public',
  // The server render bundles React and the rest in, built for production whatever NODE_ENV the
  // server runs with: React's development build renders several times slower.
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  plugins: [
    routeOnlyEndpoints(),
    react(),
    pureSchemas(),
    earlyRequests(),
    routePreloads(),
    deferredStyles(),
    appIcons(),
    VitePWA({
      disable: Boolean(isSsrBuild),
      // Registered by the app itself after the page has loaded (src/lib/service-worker.ts), and
      // a new version waits until the person says so (the update prompt).
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Coleccionables',
        short_name: 'Coleccionables',
        description: 'Subastas en vivo y compra directa de juguetes de colección.',
        lang: 'es',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#f5f7fa',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeManifestIcons: false,
      workbox: serviceWorker,
    }),
    precompress(),
  ],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  // Recharts reads React elements through react-is; the hoisted copy (a test library's, React 17)
  // does not know React 19's elements, so every import takes the app's own.
  resolve: { dedupe: ['react-is'] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, ws: true },
      '/images': api,
      '/sandbox': api,
      '/auctions/api': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
}));
