/**
 * What a phone spends a page's start-up on, reproducibly: builds the web app (with hidden source
 * maps, in a folder of its own), serves it with the demo data from the real server, loads each
 * page in Chromium as Lighthouse's mobile run sees it (a 412 px wide phone at 1.75x, the CPU 4x
 * slower, slow 4G: 562.5 ms request latency, 1.47 Mbps down) with the HTTP cache emptied, records
 * a trace, and prints the first and largest paint (and what the largest one was), the requests
 * and the long tasks (over 50 ms) with what ran in them and their top functions, named from the
 * build's source maps.
 *
 *   npx tsx apps/server/bench/startup-trace.ts / /explorar          # logged out
 *   npx tsx apps/server/bench/startup-trace.ts --login product      # a running auction's product page
 *
 * Options: --runs N (each page N times, default 1), --dist DIR (serve an existing build instead;
 * its maps are used when there), --save DIR (keep each trace's JSON, for DevTools' Performance
 * panel), --settle MS (what is recorded once the page has loaded and its requests have stopped,
 * default 3000: hydration's last slices and the first effects). Not an arm: its figures are the applied throttling's, slower and
 * noisier than Lighthouse's simulation, and meant for finding the work, not for the goals.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { traceCategories } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../web/e2e/support/chromium.ts';
import { startServer } from './lib/server.ts';
import { sourceMapsOf } from './lib/source-map.ts';
import { readStartupTrace, type StartupTrace } from './lib/trace-tasks.ts';

const webDir = path.resolve(import.meta.dirname, '../../web');
const DEMO_BUYER = { email: 'comprador@demo.test', password: 'Demo12345!' };
// Lighthouse's mobile defaults (moto g power, slow 4G as DevTools applies it).
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const NETWORK = { latency: 562.5, downloadKbps: 1474.56, uploadKbps: 675 };
const CPU_SLOWDOWN = 4;

const { values: options, positionals: pages } = parseArgs({
  allowPositionals: true,
  options: {
    login: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    dist: { type: 'string' },
    save: { type: 'string' },
    settle: { type: 'string', default: '3000' },
  },
});
if (pages.length === 0) pages.push('/');

/** Builds the web app into `dir` (dist and dist-ssr) with source maps no served file points at. */
function build(dir: string) {
  const vite = path.join(webDir, 'node_modules/.bin/vite');
  const bin = existsSync(vite) ? vite : path.resolve(webDir, '../../node_modules/.bin/vite');
  for (const args of [
    ['build', '--sourcemap', 'hidden', '--outDir', path.join(dir, 'dist'), '--emptyOutDir'],
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dir, 'dist-ssr'), '--emptyOutDir'],
  ]) {
    const result = spawnSync(bin, args, { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
  }
}

/** The LCP entries the page saw, with their element (recorded from the document's start). */
const RECORD_LCP = `
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      window.__lcp.push({
        ms: Math.round(e.startTime), size: e.size, url: e.url,
        element: el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : '(gone)',
        loading: el?.getAttribute?.('loading') ?? null, priority: el?.getAttribute?.('fetchpriority') ?? null,
        text: e.url ? '' : (el?.textContent ?? '').trim().slice(0, 50),
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface LcpEntry {
  ms: number;
  size: number;
  url: string;
  element: string;
  loading: string | null;
  priority: string | null;
  text: string;
}

async function traceOnce(page: Page, url: string): Promise<{ trace: object[]; lcp: LcpEntry[] }> {
  const cdp = await page.createCDPSession();
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  // The CPU profile's samples name the functions each long task ran.
  await page.tracing.start({ categories: [...traceCategories, 'disabled-by-default-v8.cpu_profiler'] });
  // The load event and no request for half a second: a painted page asks for its code after load.
  await page.goto(url, { waitUntil: ['load', 'networkidle0'], timeout: 120_000 });
  await new Promise((resolve) => setTimeout(resolve, Number(options.settle)));
  const lcp = (await page.evaluate('window.__lcp')) as LcpEntry[];
  const buffer = await page.tracing.stop();
  await cdp.detach();
  const parsed = JSON.parse(new TextDecoder().decode(buffer)) as { traceEvents: object[] };
  return { trace: parsed.traceEvents, lcp };
}

const round = (ms: number | null) => (ms === null ? '-' : `${Math.round(ms)}`);

function print(url: string, base: string, result: StartupTrace, lcp: LcpEntry[]) {
  const short = (u: string) => u.replace(base, '');
  const last = lcp.at(-1);
  console.log(`\n${short(url)}: first paint ${round(result.fcpMs)} ms, largest ${round(result.lcpMs)} ms`);
  if (last) {
    const what = last.url ? short(last.url) : `"${last.text}"`;
    console.log(
      `  largest: ${last.element} ${what} (${last.size} px², loading=${last.loading}, fetchpriority=${last.priority})`,
    );
  }
  console.log('  requests (start-end ms, priority, bytes):');
  for (const r of result.requests)
    console.log(`    ${round(r.startMs)}-${round(r.endMs)} ${r.priority} ${r.bytes ?? '-'} ${short(r.url)}`);
  console.log(
    `  long tasks: ${result.longTasks.length}, blocking after the first paint ${Math.round(result.blockingMs)} ms`,
  );
  for (const task of result.longTasks) {
    const ran = task.activities.map((a) => `${a.label} ${a.ms}`).join(', ');
    console.log(`  @${round(task.startMs)} ms ${round(task.durationMs)} ms: ${ran}`);
    if (task.totalTop.length > 0)
      console.log(`      in: ${task.totalTop.map((f) => `${f.label} ${f.ms}`).join(' | ')}`);
    if (task.selfTop.length > 0)
      console.log(`      self: ${task.selfTop.map((f) => `${f.label} ${f.ms}`).join(' | ')}`);
  }
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'startup-trace-'));
const distDir = options.dist ? path.resolve(options.dist) : path.join(workDir, 'dist');
if (!options.dist) {
  build(workDir);
  process.env.WEB_DIST_DIR = distDir;
  process.env.WEB_SSR_ENTRY = path.join(workDir, 'dist-ssr', 'entry-server.js');
} else process.env.WEB_DIST_DIR = distDir;
const server = await startServer({ dataDir: path.join(workDir, 'data'), demo: true });
const chromium = await chromiumExecutable();
const browser = await puppeteer.launch({
  executablePath: chromium.path,
  headless: true,
  userDataDir: path.join(workDir, 'chromium'),
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage();
  await page.setUserAgent({ userAgent: PHONE_UA });
  await page.setViewport(PHONE);
  await page.evaluateOnNewDocument(RECORD_LCP);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latency,
    downloadThroughput: (NETWORK.downloadKbps * 1024) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1024) / 8,
  });
  const api = async <T>(route: string, init?: RequestInit) => {
    const res = await fetch(`${server.url}${route}`, init);
    if (!res.ok) throw new Error(`${route}: ${res.status}`);
    return (await res.json()) as T;
  };
  let productPath: string | undefined;
  if (options.login || pages.includes('product')) {
    const { jwt_token: token } = await api<{ jwt_token: string }>('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_BUYER),
    });
    const { items } = await api<{ items: Array<{ id: number; status: string }> }>(
      '/api/auctions/list?page=1&size=8',
    );
    const auction = items.find((a) => a.status === 'active') ?? items[0];
    if (auction) {
      const { products } = await api<{ products: Array<{ id: number }> }>(
        `/api/auctions/get_products_by_auction_id/${auction.id}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      if (products[0]) productPath = `/auctions/product/${products[0].id}`;
    }
    if (options.login) {
      await page.goto(`${server.url}/`);
      // The web app keeps its session token in local storage under this key.
      await page.evaluate(`localStorage.setItem('jwt_token', ${JSON.stringify(token)})`);
    }
  }
  const mapOf = sourceMapsOf((url) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/assets/') ? path.join(distDir, pathname) : undefined;
  });
  console.log(
    `${chromium.source === 'system' ? 'Debian' : 'npm-shipped'} Chromium, CPU ${CPU_SLOWDOWN}x slower, ${NETWORK.latency} ms latency, ${NETWORK.downloadKbps} kbps down, ${options.login ? 'logged in' : 'logged out'}`,
  );
  for (const name of pages) {
    const pathname = name === 'product' ? productPath : name;
    if (!pathname) throw new Error('the demo data has no auction product');
    const url = `${server.url}${pathname}`;
    for (let run = 0; run < Number(options.runs); run++) {
      const { trace, lcp } = await traceOnce(page, url);
      if (options.save) {
        mkdirSync(options.save, { recursive: true });
        const file = `${pathname.replace(/\W+/g, '_')}-${run + 1}.json`;
        writeFileSync(path.join(options.save, file), JSON.stringify({ traceEvents: trace }));
      }
      print(url, server.url, readStartupTrace(trace as any, url, mapOf), lcp);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
