import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deferredStyles } from './build/deferred-styles.ts';
import { earlyRequests } from './build/early-requests.ts';
import { precompress } from './build/precompress.ts';
import { routeOnlyEndpoints } from './build/route-only-endpoints.ts';
import { routePreloads } from './build/route-preloads.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // The server render's bundle (`vite build --ssr`, see src/entry-server.tsx) needs no copy of public/.
  publicDir: isSsrBuild ? false : 'public',
  // The server render bundles React and the rest in, built for production whatever NODE_ENV the
  // server runs with: React's development build renders several times slower.
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  plugins: [routeOnlyEndpoints(), react(), earlyRequests(), routePreloads(), deferredStyles(), precompress()],
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
