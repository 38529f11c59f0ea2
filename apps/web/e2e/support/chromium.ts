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
 * Debian's Chromium when it is on the PATH (CI installs it); otherwise the Chromium that the
 * `@sparticuz/chromium` npm package ships, unpacked to /tmp on first use, so `npm install && npm
 * test` passes on a machine with only Node and npm. `E2E_BROWSER=packaged` forces the npm one.
 * Browser tests are required: they never skip for want of a browser.
 */
export async function chromiumExecutable(
  source: BrowserSource | undefined = process.env.E2E_BROWSER === 'packaged' ? 'packaged' : undefined,
): Promise<{ source: BrowserSource; path: string }> {
  const system = source === 'packaged' ? undefined : systemChromium();
  if (system) return { source: 'system', path: system };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { source: 'packaged', path: await packaged.executablePath() };
}
