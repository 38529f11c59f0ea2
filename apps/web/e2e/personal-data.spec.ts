import { personalDataMessages as m } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  DEMO_PASSWORD,
  DESKTOP,
  demo,
  downloadedText,
  expectAccessible,
  expectNoHorizontalScroll,
  loginAs,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { withOwnServer } from './support/own-server.ts';

/**
 * Deleting an account is for good: this file runs its own server (built app, demo data) so the
 * demo accounts the other browser tests log in with stay untouched on the shared one.
 */
describe('personal data in the account settings', () => {
  const own = withOwnServer();

  it("'Descargar mis datos' saves the JSON file of everything about the user", async () => {
    const context = await newContext(own.browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('heading', { name: 'Tus datos' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Descargar mis datos/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mis-datos-coleccionables.json');
    const data = JSON.parse(await downloadedText(download));
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
    const context = await newContext(own.browser, PHONE);
    const page = await context.newPage();
    // The demo seller has running auctions and sales: refused, with the list.
    await loginAs(page, demo.seller);
    await page.goto(`${baseUrl()}/profile`);
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
    const collectorToken = await apiLogin(demo.collector);
    const buyerToken = await apiLogin(demo.buyer);
    const refused = await apiCall('POST', '/api/users/me/delete', collectorToken, {
      password: DEMO_PASSWORD,
    });
    expect(refused.status).toBe(409);
    const exported = await apiCall('GET', '/api/users/me/export', collectorToken);
    for (const item of refused.body.open as Array<{ type: string; id: number }>) {
      expect(item.type).toBe('leading_bid');
      const last = (exported.body.bids as Array<{ product_id: number; auction_id: number; amount: number }>)
        .filter((b) => b.product_id === item.id)
        .at(-1)!;
      const outbid = await apiCall('POST', '/api/bids/create-bid', buyerToken, {
        auction_id: last.auction_id,
        product_id: item.id,
        amount: last.amount + 20_000,
      });
      expect(outbid.status, JSON.stringify(outbid.body)).toBe(201);
    }

    // Deleted from the dialog, logged out, and the login no longer works.
    await loginAs(page, demo.collector);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('button', { name: /Eliminar mi cuenta/ }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Contraseña', { exact: false }).first().fill(DEMO_PASSWORD);
    await screenshot(page, 'delete-account-confirm-phone');
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
    const login = await apiCall('POST', '/api/users/login', undefined, {
      email: demo.collector,
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(401);
    await context.close();
    // Several logins (scrypt) and two dialogs: slow on a shared, busy machine.
  }, 240_000);
});
