import { mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { type BrowserSource, CHROMIUM_ARGS, chromiumExecutable } from './chromium.ts';
import { reusableSession } from './sessions.ts';

export const DEMO_PASSWORD = 'Demo12345!';
export const demo = {
  seller: 'vendedor@demo.test',
  store: 'tienda@demo.test',
  buyer: 'comprador@demo.test',
  collector: 'coleccionista@demo.test',
  operator: 'operador@demo.test',
} as const;

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A file that runs a server of its own (support/server.ts) points every helper here at it, and
 * back at the shared one when it is done (the files of a worker share this module).
 */
let ownServer: string | undefined;
export function useServer(url: string | undefined) {
  ownServer = url;
}

/**
 * The file's server: its own, else the shared one of the worker slot it runs in (global-setup.ts
 * starts one per slot; vitest numbers the slots from 1 and gives a slot to one file at a time).
 */
export function baseUrl(): string {
  if (ownServer) return ownServer;
  const urls = inject('baseUrls');
  const slot = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = urls[slot - 1];
  if (!url) throw new Error(`no shared server for worker slot ${slot} (${urls.length} started)`);
  return url;
}

/**
 * The run's Chromium (launched once by global-setup.ts; each file connects to it, and closing it
 * disconnects and closes the file's contexts), or a browser of its own when `source` names one.
 */
export async function launchBrowser(source?: BrowserSource): Promise<Browser> {
  if (!source) return chromium.connect(inject('browserEndpoint'));
  return launchExecutable((await chromiumExecutable(source)).path);
}

/** A browser of its own from the Chromium at `executablePath` (see chromium.ts). */
export function launchExecutable(executablePath: string): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile (the --user-data-dir the machine needs).
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A fresh context. The app's service worker is blocked unless a test asks for it
 * (`serviceWorkers: 'allow'`, the offline app's tests): with a worker controlling the page,
 * requests it makes itself would pass by the page's `route` handlers that other tests rely on.
 */
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  context.setDefaultTimeout(10_000);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitsForTheApp(await newPage());
  return context;
}

/** The app's document has been taken over by the app (main.tsx marks #root); any other document is. */
const appReady = () => {
  const root = document.getElementById('root');
  return root === null || root.dataset.ready === 'true';
};

/**
 * A page whose loads (goto, reload, back, forward) also wait until the app has taken the page
 * over: a server-rendered page shows its buttons before the app's code runs, and a click then
 * does nothing, as it would for a person tapping that early.
 */
function waitsForTheApp(page: Page): Page {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const load = (page[method] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await load(...args);
      await page.waitForFunction(appReady);
      return response;
    };
  }
  return page;
}

/**
 * A fresh context and page, with the page's uncaught errors and hydration warnings collected (a
 * test asserts none).
 */
export async function openPage(browser: Browser, viewport = DESKTOP) {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A server-rendered page whose first render in the browser differs from the server's (React
  // then throws the HTML away and renders again): a failure like an uncaught error.
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text()) && ['error', 'warning'].includes(message.type()))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Logs in through the API and stores the token the way the app does. An account's session is
 * reused across the run's files while the API still accepts it (each login costs the server a
 * scrypt hash); `{ newSession: true }` opens another one, for flows about two devices of one
 * account. The login form itself has its own tests (foundation.spec.ts).
 */
export async function loginAs(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  options: { newSession?: boolean } = {},
): Promise<string> {
  const token =
    options.newSession || password !== DEMO_PASSWORD
      ? await apiLogin(email, password)
      : await reusableSession(
          `${baseUrl()} ${email}`,
          async (known) => (await apiCall('GET', '/api/users/profile', known)).status === 200,
          () => apiLogin(email),
        );
  await storeToken(page, token);
  return token;
}

/** The token goes in through a blank page of the app's origin: loading the app for it costs a page load. */
async function storeToken(page: Page, token: string) {
  const blank = `${baseUrl()}/__e2e-blank`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }),
  );
  await page.goto(blank);
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.unroute(blank);
}

/** A download's content as text (read through Playwright: the browser is the run's shared one, so no local path). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Calls the API directly (test set-up), with an optional token. */
export async function apiCall<T = any>(
  method: string,
  urlPath: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${urlPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await apiCall<{ jwt_token: string }>('POST', '/api/users/login', undefined, {
    email,
    password,
  });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status}`);
  return res.body.jwt_token;
}

/**
 * Every axe rule, including the experimental ones and those axe leaves off by default (such as
 * `region` or `p-as-heading`): a page must pass all of them at serious or critical impact. The
 * app's own axe-core is injected, so the rules checked are the version the project pins.
 */
const axeOptions: axe.RunOptions = {
  rules: Object.fromEntries(axe.getRules().map((rule) => [rule.ruleId, { enabled: true }])),
  // Only violations are read: axe then skips collecting every passing node's details (its own
  // performance advice); which rules run and what counts as a violation do not change.
  resultTypes: ['violations'],
};

/**
 * Runs axe in the page's document, injecting it first when this document has none yet. A check
 * after a client-side navigation, or a second width of the same page, reuses what is there: sending
 * and compiling axe's half a megabyte for every check (as @axe-core/playwright does) was two thirds
 * of a check's time (~0.5 s against ~0.15 s on a 2-core machine). Evaluated through the browser's
 * protocol, which the page's Content-Security-Policy does not apply to. The app has no frames, so
 * axe's cross-frame merging is not needed.
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    axeOptions,
  );
}

/** Fails on serious or critical accessibility violations of any axe rule. */
export async function expectAccessible(page: Page) {
  const results = await runAxe(page);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html.slice(0, 160)).join(', ')})`);
  expect(serious, `axe violations on ${page.url()}:\n${serious.join('\n')}`).toEqual([]);
}

/** No horizontal scrolling (checked at 390 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Saves a screenshot under apps/web/screenshots/ (git-ignored) to look at. Not on CI, where no
 * one looks and a clean clone throws them away (about 160 full pages a run), unless
 * E2E_SCREENSHOTS=1 asks for them.
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  const dir = path.resolve(import.meta.dirname, '../../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** What every page a flow reaches is held to: no sideways scrolling, no serious axe fault; then a screenshot. */
export async function checkPage(page: Page, name: string) {
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, name);
}

/**
 * Opens a tab of a tabbed page (the operator console) and waits for its content: its panel, and
 * no loading text left in it (a tab may load several lists at once, as 'Pagos' does).
 */
export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel', { name });
  await panel.waitFor();
  const loading = panel.getByRole('status').filter({ hasText: /^Cargando/ });
  await expect.poll(() => loading.count(), { timeout: 10_000 }).toBe(0);
  return panel;
}
