import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { personalDataMessages as m } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';

const root = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Deleting an account is for good: this file runs its own server (built app, demo data) so the
 * demo accounts the other browser tests log in with stay untouched on the shared one.
 */
describe('personal data in the account settings', () => {
  let browser: Browser;
  let server: ChildProcess;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-e2e-pd-'));
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: '1',
        TEST_CLOCK: '1',
        NODE_ENV: 'test',
        RATE_LIMIT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('server did not become healthy');
      await new Promise((r) => setTimeout(r, 250));
    }
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function loginAs(page: Page, email: string): Promise<string> {
    const res = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const { jwt_token } = (await res.json()) as { jwt_token: string };
    await page.goto(`${url}/register`);
    await page.evaluate((token) => localStorage.setItem('jwt_token', token), jwt_token);
    return jwt_token;
  }

  it("'Descargar mis datos' saves the JSON file of everything about the user", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: 'Tus datos' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Descargar mis datos/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mis-datos-coleccionables.json');
    const saved = await download.path();
    const data = JSON.parse(readFileSync(saved!, 'utf8'));
    expect(data.profile).toMatchObject({ email: demo.buyer, username: 'comprador_demo' });
    expect(Array.isArray(data.bids)).toBe(true);
    // The demo buyer asked questions; claims are listed too.
    expect(data.questions.length).toBeGreaterThan(0);
    expect(Array.isArray(data.claims)).toBe(true);
    await screenshot(page, 'personal-data-desktop');
    await expectAccessible(page);
    await context.close();
  }, 180_000);

  it("'Eliminar mi cuenta' shows what is still open, then deletes an account with nothing open and logs out", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    // The demo seller has running auctions and sales: refused, with the list.
    await loginAs(page, demo.seller);
    await page.goto(`${url}/profile`);
    await page.getByRole('button', { name: /Eliminar mi cuenta/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await dialog.waitFor();
    // The password is asked for.
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await dialog.getByText(m.passwordRequired).waitFor();
    await dialog.getByLabel('Contraseña', { exact: false }).first().fill('no-es-la-clave');
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await dialog.getByText(m.wrongPassword).waitFor();
    await dialog.getByLabel('Contraseña', { exact: false }).first().fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await dialog.getByText(m.deleteRefused).waitFor();
    const openList = dialog.getByRole('list', { name: m.openItemsTitle });
    await expect.poll(() => openList.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect.poll(() => openList.textContent()).toContain(m.openItemLabels.auction);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'delete-account-refused-phone');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The collector leads two running products; once the buyer outbids them, nothing is open.
    const api = async (method: string, p: string, token: string, body?: unknown) => {
      const res = await fetch(`${url}${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const token = async (email: string) =>
      (await api('POST', '/api/users/login', '', { email, password: DEMO_PASSWORD })).body
        .jwt_token as string;
    const collectorToken = await token(demo.collector);
    const buyerToken = await token(demo.buyer);
    const refused = await api('POST', '/api/users/me/delete', collectorToken, { password: DEMO_PASSWORD });
    expect(refused.status).toBe(409);
    const exported = await api('GET', '/api/users/me/export', collectorToken);
    for (const item of refused.body.open as Array<{ type: string; id: number }>) {
      expect(item.type).toBe('leading_bid');
      const last = (exported.body.bids as Array<{ product_id: number; auction_id: number; amount: number }>)
        .filter((b) => b.product_id === item.id)
        .at(-1)!;
      const outbid = await api('POST', '/api/bids/create-bid', buyerToken, {
        auction_id: last.auction_id,
        product_id: item.id,
        amount: last.amount + 20_000,
      });
      expect(outbid.status, JSON.stringify(outbid.body)).toBe(201);
    }

    // Deleted from the dialog, logged out, and the login no longer works.
    await loginAs(page, demo.collector);
    await page.goto(`${url}/profile`);
    await page.getByRole('button', { name: /Eliminar mi cuenta/ }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Contraseña', { exact: false }).first().fill(DEMO_PASSWORD);
    await screenshot(page, 'delete-account-confirm-phone');
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
    const login = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.collector, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(401);
    await context.close();
    // Several logins (scrypt) and two dialogs: slow on a shared, busy machine.
  }, 240_000);
});
