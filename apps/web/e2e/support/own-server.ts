import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, launchExecutable, useServer } from './browser.ts';
import { type BrowserSource, chromiumExecutable } from './chromium.ts';
import { startServer, type TestServer } from './server.ts';

interface OwnServer {
  browser: Browser;
  /** The browser launched for the file when `browser` asked for one; unset when it shares the run's. */
  browserSource: BrowserSource | undefined;
  server: TestServer;
}

/**
 * For a file whose tests change what the shared server's other files rely on (demo accounts,
 * auctions, preferences): its own server (built app, demo data), started before the file's tests
 * and stopped after them, and the run's browser, or a browser of its own from `options.browser`
 * (see chromium.ts), and `options.env` over the servers' usual settings. Read the fields inside
 * tests, not before.
 */
export function withOwnServer(
  options: { browser?: BrowserSource; env?: Record<string, string> } = {},
): Readonly<OwnServer> {
  const own = {} as OwnServer;
  beforeAll(async () => {
    own.server = await startServer({ env: options.env });
    useServer(own.server.url);
    if (options.browser) {
      const executable = await chromiumExecutable(options.browser);
      own.browserSource = executable.source;
      own.browser = await launchExecutable(executable.path);
    } else {
      own.browser = await launchBrowser();
    }
  }, 300_000);
  afterAll(async () => {
    useServer(undefined);
    await own.browser?.close();
    await own.server?.stop();
  });
  return own;
}
