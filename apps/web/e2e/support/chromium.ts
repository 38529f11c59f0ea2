import { execFileSync } from 'node:child_process';

/** Flags headless Chromium needs on these machines (as root, no GPU, nothing fetched on its own). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the browser comes from: `system` (Debian's chromium) or `packaged` (the npm one). */
export type BrowserSource = 'system' | 'packaged';

function systemChromium(): string | undefined {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `system`: Debian's Chromium when it is on the PATH (CI installs it), otherwise the one below.
 * `packaged`: the Chromium that the `@sparticuz/chromium` npm package ships (a headless shell),
 * unpacked to /tmp on first use, so `npm install && npm test` passes on a machine with only Node
 * and npm. Without an argument: `E2E_BROWSER=packaged` forces the npm one, else `system`.
 * Browser tests are required: they never skip for want of a browser.
 */
export async function chromiumExecutable(
  source: BrowserSource = process.env.E2E_BROWSER === 'packaged' ? 'packaged' : 'system',
): Promise<{ source: BrowserSource; path: string }> {
  const system = source === 'packaged' ? undefined : systemChromium();
  if (system) return { source: 'system', path: system };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { source: 'packaged', path: await packaged.executablePath() };
}

/**
 * The browser the browser tests share: the npm-shipped headless shell, which costs about 40 %
 * less CPU per test than Debian's full Chromium on the 2-core machines (docs/decisions/0009);
 * `E2E_BROWSER=system` runs them on Debian's. Files that check what only a current browser does
 * launch Debian's themselves.
 */
export function testsBrowserSource(): BrowserSource {
  return process.env.E2E_BROWSER === 'system' ? 'system' : 'packaged';
}
