import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { Page } from 'puppeteer-core';

/** One Lighthouse run of a page: its mobile performance score, paints and the scripts it loaded. */
export interface Audit {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  scripts: string[];
}

export async function audit(page: Page, url: string): Promise<Audit> {
  // An empty HTTP cache, as a first visit; local storage (the session) stays.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_DIR keeps each report (what the LCP waited for, the request chain).
  const dir = process.env.BENCH_LIGHTHOUSE_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> })
      ?.items ?? [];
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => new URL(r.url).pathname),
  };
}

/** The browser's reasons the landing page cannot be installed as an app, once its worker runs. */
export async function installabilityErrors(page: Page, url: string): Promise<string[]> {
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  const cdp = await page.createCDPSession();
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await cdp.detach();
  }
}

/** The run with the median score. */
export function median(audits: Audit[]): Audit {
  const sorted = [...audits].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}
