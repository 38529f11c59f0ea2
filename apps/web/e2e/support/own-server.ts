import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, useServer } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * For a file whose tests change what the shared server's other files rely on (demo accounts,
 * auctions, preferences): its own server (built app, demo data) and browser, started before the
 * file's tests and stopped after them. Read `browser` and `server` inside tests, not before.
 */
export function withOwnServer(): { readonly browser: Browser; readonly server: TestServer } {
  const own = {} as { browser: Browser; server: TestServer };
  beforeAll(async () => {
    own.server = await startServer();
    useServer(own.server.url);
    own.browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    useServer(undefined);
    await own.browser?.close();
    await own.server?.stop();
  });
  return own;
}
