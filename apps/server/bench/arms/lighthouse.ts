/**
 * The web app on a phone: Lighthouse's mobile performance score (its default: a mid-range phone
 * on slow 4G, simulated from a trace recorded here) on the landing page, /explorar and a product's
 * auction page (logged out, where it sends to the login, and logged in), the gzip JavaScript the
 * landing route loads, and what the server render of the landing page costs beside its API read.
 * The real server serves a fresh build of the web app with the demo data. Each page runs three
 * times with the HTTP cache emptied before each, and the median counts: one run's score wobbles
 * by a few points on a busy machine. BENCH_LIGHTHOUSE_DIR=/some/dir keeps the reports;
 * BENCH_LIGHTHOUSE_PAGES=landing,explorar,product,product-logged-out,installable,render-cost runs
 * only those parts (the landing's weight goes with `landing`). `installable` asks the browser itself
 * why the app could not be installed: Lighthouse 12 dropped its installability audit, and the
 * browser's own check (DevTools' `Page.getInstallabilityErrors`) is what that audit read.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../../web/e2e/support/chromium.ts';
import { closedLoop } from '../lib/load.ts';
import { startServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { Arm, ArmResult } from '../types.ts';

const webDir = path.resolve(import.meta.dirname, '../../../web');
const SCORE_GOAL = 0.95;
const LANDING_JS_GOAL_KB = 120;
const TBT_GOAL_MS = 150;
const LCP_GOAL_MS = 2000;
// The list arm's load: its connections on its path.
const LIST_CONNECTIONS = 32;
const LIST_PATH = '/api/auctions/list?page=1&size=8';
const DEMO_BUYER = { email: 'comprador@demo.test', password: 'Demo12345!' };
const PARTS = ['landing', 'explorar', 'product-logged-out', 'product', 'installable', 'render-cost'] as const;
type Part = (typeof PARTS)[number];

/** The parts BENCH_LIGHTHOUSE_PAGES names (all without it): a page worked on is measured alone. */
function selectedParts(): Set<Part> {
  const named = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  if (!named) return new Set(PARTS);
  const unknown = named.filter((name) => !PARTS.includes(name as Part));
  if (unknown.length > 0) throw new Error(`BENCH_LIGHTHOUSE_PAGES: unknown ${unknown.join(', ')}`);
  return new Set(named as Part[]);
}

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

/** The browser's reasons the landing page cannot be installed as an app, once its worker runs. */
async function installabilityErrors(page: Page, url: string): Promise<string[]> {
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

/**
 * The page's server render beside the API read it waits for, from its Server-Timing header; or
 * `kept` when the server answered with a page it had rendered for an earlier visitor.
 */
type RenderTiming = { kept: true } | { kept: false; renderMs: number; readMs: number };

async function renderTiming(url: string): Promise<RenderTiming | undefined> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  await res.arrayBuffer();
  const header = res.headers.get('server-timing') ?? '';
  if (/(^|,\s*)kept\b/.test(header)) return { kept: true };
  const renderMs = Number(/render;dur=([\d.]+)/.exec(header)?.[1]);
  const readMs = Number(/read;dur=([\d.]+)/.exec(header)?.[1]);
  return Number.isFinite(renderMs) && Number.isFinite(readMs) ? { kept: false, renderMs, readMs } : undefined;
}

const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The server render's cost against its page's API read under the list arm's load (32 connections
 * reading the first page of auctions), sampled one page at a time while the load runs. A page
 * served from an earlier render (nothing written since, rendered under a second ago) cost no
 * render: the cost per page served is the renders' time over every page served.
 */
async function renderCost(base: string, seconds: number) {
  const load = closedLoop({
    url: base,
    connections: LIST_CONNECTIONS,
    seconds,
    next: () => ({ method: 'GET', path: LIST_PATH }),
  });
  const rendered: Array<{ renderMs: number; readMs: number }> = [];
  let served = 0;
  const end = performance.now() + seconds * 1000 - 200;
  while (performance.now() < end) {
    const timing = await renderTiming(`${base}/`);
    if (!timing) continue;
    served += 1;
    if (!timing.kept) rendered.push(timing);
  }
  const list = await load;
  const renderTotal = rendered.reduce((sum, t) => sum + t.renderMs, 0);
  return {
    served,
    rendered: rendered.length,
    renderPerPageMs: served > 0 ? renderTotal / served : Number.NaN,
    renderMs: medianOf(rendered.map((t) => t.renderMs)),
    readMs: medianOf(rendered.map((t) => t.readMs)),
    listP50: list.p50,
    listRate: list.rate,
  };
}

export const run: Arm = async (env) => {
  const parts = selectedParts();
  const build = spawnSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the web app did not build');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const server = await startServer({ dataDir, demo: true }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  // Debian's Chromium when installed (what CI runs), else the npm-shipped one: said in the results.
  const chromium = await chromiumExecutable();
  const browser = await puppeteer.launch({
    executablePath: chromium.path,
    headless: true,
    userDataDir,
    args: CHROMIUM_ARGS,
  });
  const browserName = chromium.source === 'system' ? 'Debian Chromium' : 'npm-shipped Chromium';
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
    const productUrl = `${server.url}/auctions/product/${products[0].id}`;

    const page = await browser.newPage();
    const runs = env.quick ? 1 : 3;
    const auditRuns = async (part: Part, url: string) => {
      const audits: Audit[] = [];
      if (!parts.has(part)) return audits;
      for (let i = 0; i < runs; i++) audits.push(await audit(page, url));
      return audits;
    };
    // Logged out first (no session stored): the pages as a visitor from a shared link sees them.
    const landing = await auditRuns('landing', `${server.url}/`);
    const explore = await auditRuns('explorar', `${server.url}/explorar`);
    // A product's auction page needs a session: logged out it is the login page it sends to.
    const productLoggedOut = await auditRuns('product-logged-out', productUrl);
    await page.goto(`${server.url}/`);
    // The web app keeps its session token in local storage under this key.
    await page.evaluate(`localStorage.setItem('jwt_token', ${JSON.stringify(token)})`);
    const productPage = await auditRuns('product', productUrl);

    const results: ArmResult[] = [];
    for (const [name, audits] of [
      ['lighthouse-landing', landing],
      ['lighthouse-explorar', explore],
      ['lighthouse-product-auction-logged-out', productLoggedOut],
      ['lighthouse-product-auction', productPage],
    ] as const) {
      if (audits.length === 0) continue;
      const m = median(audits);
      results.push({
        arm: name,
        metric: `Lighthouse mobile performance score (median of runs), ${browserName}`,
        value: round(m.score),
        unit: 'score',
        goal: `>= ${SCORE_GOAL}, TBT <= ${TBT_GOAL_MS} ms, LCP <= ${LCP_GOAL_MS} ms`,
        met: m.score >= SCORE_GOAL && m.tbtMs <= TBT_GOAL_MS && m.lcpMs <= LCP_GOAL_MS,
        details: {
          browser: browserName,
          runs: audits.map((a) => round(a.score)).join(' '),
          fcp_ms: Math.round(m.fcpMs),
          lcp_ms: Math.round(m.lcpMs),
          tbt_ms: Math.round(m.tbtMs),
        },
      });
    }
    // What a gzip-only browser downloads: each script the landing loaded, gzip -9 as built.
    if (landing[0]) {
      const scripts = [...new Set(landing[0].scripts)];
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
    }
    if (parts.has('installable')) {
      const errors = await installabilityErrors(page, `${server.url}/`);
      results.push({
        arm: 'installable',
        metric: `the browser's installability errors on / (${browserName})`,
        value: errors.length,
        unit: 'errors',
        goal: '0: the app can be installed',
        met: errors.length === 0,
        details: { errors: errors.join(' ') || 'none' },
      });
    }
    if (!parts.has('render-cost')) return results;
    const cost = await renderCost(server.url, env.quick ? 5 : 15);
    const ratio = cost.renderPerPageMs / cost.readMs;
    results.push({
      arm: 'server-render-cost',
      metric: `server render of / per page served (renders kept while nothing changed) vs its API read (median), under ${LIST_CONNECTIONS} connections on ${LIST_PATH}`,
      value: round(cost.renderPerPageMs, 3),
      unit: 'ms',
      ceiling: round(cost.readMs, 1),
      ratio: round(ratio),
      goal: 'render <= 1/3 of the read (ratio <= 0.33)',
      met: ratio <= 1 / 3,
      details: {
        pages_served: cost.served,
        pages_rendered: cost.rendered,
        render_when_rendered_ms: round(cost.renderMs, 1),
        list_p50_ms: round(cost.listP50, 1),
        list_rate: round(cost.listRate, 0),
      },
    });
    return results;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
};
