/**
 * The web app on a phone: Lighthouse's mobile performance score (its default: a mid-range phone
 * on slow 4G, simulated from a trace recorded here) on the landing page and on a product's
 * auction page (logged in, as it requires), and the gzip JavaScript the landing route loads.
 * The real server serves a fresh build of the web app with the demo data. Each page runs three
 * times with the HTTP cache emptied before each, and the median counts: one run's score wobbles
 * by a few points on a busy machine. BENCH_LIGHTHOUSE_DIR=/some/dir keeps the reports.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../../web/e2e/support/chromium.ts';
import { startServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { Arm, ArmResult } from '../types.ts';

const webDir = path.resolve(import.meta.dirname, '../../../web');
const SCORE_GOAL = 0.95;
const LANDING_JS_GOAL_KB = 120;
const DEMO_BUYER = { email: 'comprador@demo.test', password: 'Demo12345!' };

interface Audit {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  scripts: string[];
}

async function audit(page: Page, url: string): Promise<Audit> {
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

function median(audits: Audit[]): Audit {
  const sorted = [...audits].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function api<T>(
  base: string,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status}`);
  return (await res.json()) as T;
}

export const run: Arm = async (env) => {
  const build = spawnSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the web app did not build');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const server = await startServer({ dataDir, demo: true });
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: (await chromiumExecutable('packaged')).path,
    headless: true,
    userDataDir,
    args: CHROMIUM_ARGS,
  });
  try {
    const { jwt_token: token } = await api<{ jwt_token: string }>(
      server.url,
      'POST',
      '/api/users/login',
      undefined,
      DEMO_BUYER,
    );
    const auctions = await api<{ items: Array<{ id: number; status: string }> }>(
      server.url,
      'GET',
      '/api/auctions/list?page=1&size=8',
    );
    const auction = auctions.items.find((a) => a.status === 'active') ?? auctions.items[0];
    if (!auction) throw new Error('the demo data has no auction');
    const { products } = await api<{ products: Array<{ id: number }> }>(
      server.url,
      'GET',
      `/api/auctions/get_products_by_auction_id/${auction.id}`,
      token,
    );
    if (!products[0]) throw new Error('the demo auction has no products');

    const page = await browser.newPage();
    const runs = env.quick ? 1 : 3;
    const landing: Audit[] = [];
    for (let i = 0; i < runs; i++) landing.push(await audit(page, `${server.url}/`));
    await page.goto(`${server.url}/`);
    // The web app keeps its session token in local storage under this key.
    await page.evaluate(`localStorage.setItem('jwt_token', ${JSON.stringify(token)})`);
    const productPage: Audit[] = [];
    for (let i = 0; i < runs; i++)
      productPage.push(await audit(page, `${server.url}/auctions/product/${products[0].id}`));

    const results: ArmResult[] = [];
    for (const [name, audits] of [
      ['lighthouse-landing', landing],
      ['lighthouse-product-auction', productPage],
    ] as const) {
      const m = median(audits);
      results.push({
        arm: name,
        metric: 'Lighthouse mobile performance score (median of runs)',
        value: round(m.score),
        unit: 'score',
        goal: `>= ${SCORE_GOAL}`,
        met: m.score >= SCORE_GOAL,
        details: {
          runs: audits.map((a) => round(a.score)).join(' '),
          fcp_ms: Math.round(m.fcpMs),
          lcp_ms: Math.round(m.lcpMs),
          tbt_ms: Math.round(m.tbtMs),
        },
      });
    }
    // What a gzip-only browser downloads: each script the landing loaded, gzip -9 as built.
    const scripts = [...new Set(landing[0]!.scripts)];
    const gzipKb =
      scripts.reduce(
        (sum, file) => sum + gzipSync(readFileSync(path.join(webDir, 'dist', file)), { level: 9 }).length,
        0,
      ) / 1024;
    results.push({
      arm: 'landing-js',
      metric: 'JavaScript the landing route loads, gzip',
      value: round(gzipKb, 1),
      unit: 'KB',
      goal: `<= ${LANDING_JS_GOAL_KB} KB`,
      met: gzipKb <= LANDING_JS_GOAL_KB,
      details: { files: scripts.length },
    });
    return results;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
};
