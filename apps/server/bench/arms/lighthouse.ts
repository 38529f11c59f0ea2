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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../../web/e2e/support/chromium.ts';
import { type Audit, audit, installabilityErrors, median } from '../lib/lighthouse-audit.ts';
import { LIST_CONNECTIONS, LIST_PATH, renderCost } from '../lib/render-cost.ts';
import { startServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { Arm, ArmResult } from '../types.ts';

const webDir = path.resolve(import.meta.dirname, '../../../web');
const SCORE_GOAL = 0.95;
const LANDING_JS_GOAL_KB = 120;
const TBT_GOAL_MS = 150;
const LCP_GOAL_MS = 2000;
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
