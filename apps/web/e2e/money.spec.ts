import { paymentMessages } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';
import { withOwnServer } from './support/own-server.ts';

const BANNER = 'Modo de pruebas: ningún pago es real';
const run = Date.now().toString(36).slice(-5);

/** A buy-now product of `sellerToken`'s, bought by `buyerEmail` and approved on the sandbox checkout. */
async function buyAndPay(page: Page, sellerToken: string, buyerEmail: string, name: string) {
  const productId = await createProductViaApi(sellerToken, {
    name,
    categoryName: 'Figuras de vinilo',
    can_be_bought: true,
    sell_price: 64_000,
  });
  const buyerToken = await loginAs(page, buyerEmail);
  const bought = await apiCall('GET', `/api/bold/buy_product/${productId}`, buyerToken);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  await page.goto(bought.body.payment_link);
  // The sandbox's own checkout page says it is a test too.
  await page.getByText(BANNER).waitFor();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await page.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();
  return { productId, buyerToken };
}

async function expectBanner(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('#root main').first().waitFor();
  const banner = page.getByRole('complementary', { name: 'Aviso de pruebas' });
  expect(await banner.textContent(), path).toBe(BANNER);
  expect(await banner.isVisible(), path).toBe(true);
}

describe('the sandbox says it is one', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("shows the test-mode banner on a page of each feature, and a buy-now buyer's 'Subastas ganadas' loads", async () => {
    const sellerToken = await apiLogin(demo.store);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const name = `Funko Totoro prueba ${run}`;
    const { productId } = await buyAndPay(page, sellerToken, demo.collector, name);

    // The won-items page of a buyer who has bought directly loads (it answered 500 once): the
    // auctions they won, or the empty state, and no load error.
    await page.goto(`${baseUrl()}/auctions/won/`);
    await page
      .getByRole('list', { name: 'Subastas ganadas' })
      .or(page.getByText(paymentMessages.wonEmpty))
      .first()
      .waitFor();
    expect(await page.getByText(paymentMessages.wonLoadError).count()).toBe(0);
    await checkPage(page, 'money-won-items-with-a-purchase-phone');

    for (const path of [
      '/',
      '/explorar',
      '/search?query=ferrari',
      `/products/${productId}`,
      '/auctions/won/',
      '/purchases',
      '/notifications',
      '/watchlist',
      '/busquedas',
      '/profile',
    ]) {
      await expectBanner(page, path);
    }
    await checkPage(page, 'money-banner-profile-phone');
    const seller = await newContext(browser, DESKTOP);
    const sellerPage = await seller.newPage();
    await loginAs(sellerPage, demo.store);
    for (const path of ['/products/sold/', '/my-auctions', '/seller/payments']) {
      await expectBanner(sellerPage, path);
    }
    await loginAs(sellerPage, demo.operator);
    await expectBanner(sellerPage, '/admin?tab=pagos');
    await checkPage(sellerPage, 'money-banner-admin-desktop');
    await seller.close();
    await context.close();
  });
});

describe('a refund the processor rejects, retried by an operator', () => {
  // Refusing refunds is the sandbox's switch for the whole server: a server of this file's own.
  const own = withOwnServer();

  it("is listed in 'Pagos' as failed and 'Reintentar' refunds it", { timeout: 240_000 }, async () => {
    const sellerToken = await apiLogin(demo.store);
    const buyer = await newContext(own.browser, PHONE);
    const buyerPage = await buyer.newPage();
    const name = `Funko rechazo ${run}`;
    const { productId, buyerToken } = await buyAndPay(buyerPage, sellerToken, demo.buyer, name);
    await buyer.close();

    const shipped = await apiCall('POST', '/api/products/change_shipping_status', sellerToken, {
      product_id: productId,
      shipping_status: 'shipped',
      carrier: 'coordinadora',
      tracking_number: `RF-${run}`,
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const claim = await apiCall('POST', '/api/claims', buyerToken, {
      product_id: productId,
      reason: 'danado',
      description: `La caja llegó rota y la figura despegada ${run}.`,
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    expect((await apiCall('POST', '/sandbox/bold/refunds/reject', undefined, { reject: true })).status).toBe(
      200,
    );
    const refunded = await apiCall('POST', `/api/claims/${claim.body.id}/refund`, sellerToken);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    // The refunds job asks the sandbox, which refuses: the refund is failed for the team.
    const operatorToken = await apiLogin(demo.operator);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const failed = await apiCall('GET', '/api/admin/refunds?status=failed', operatorToken);
      if (failed.body.items.some((r: { product_name: string }) => r.product_name === name)) break;
      if (Date.now() > deadline) throw new Error('the rejected refund never became failed');
      await new Promise((r) => setTimeout(r, 500));
    }
    expect((await apiCall('POST', '/sandbox/bold/refunds/reject', undefined, { reject: false })).status).toBe(
      200,
    );

    const context = await newContext(own.browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.operator);
    await page.goto(`${baseUrl()}/admin?tab=pagos`);
    const record = page
      .getByRole('list', { name: 'Reembolsos fallidos' })
      .locator('li')
      .filter({ hasText: name });
    await record.getByText('Bold rechazó la anulación').waitFor();
    await record.getByText('Fallido').waitFor();
    await checkPage(page, 'money-failed-refund-desktop');
    await record.getByRole('button', { name: `Reintentar el reembolso de ${name} a comprador_demo` }).click();
    await page.getByRole('status').filter({ hasText: 'Estado: Reembolsado' }).waitFor();
    await record.waitFor({ state: 'detached' });
    await checkPage(page, 'money-refund-retried-desktop');

    const done = await apiCall('GET', '/api/admin/refunds?status=done', operatorToken);
    expect(done.body.items.filter((r: { product_name: string }) => r.product_name === name)).toHaveLength(1);
    await context.close();
  });
});

describe('with Bold as the provider', () => {
  const own = withOwnServer({
    env: {
      PAYMENTS_PROVIDER: 'bold',
      BOLD_API_KEY: 'llave-de-prueba',
      BOLD_SECRET_KEY: 'secreto-de-prueba',
      // Nothing on these pages calls Bold; an address that answers nothing keeps it so.
      BOLD_API_URL: 'http://127.0.0.1:9',
    },
  });

  it('shows no test-mode banner', async () => {
    const context = await newContext(own.browser, PHONE);
    const page = await context.newPage();
    for (const path of ['/', '/explorar', '/login']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.locator('#root main').first().waitFor();
      expect(await page.getByText(BANNER).count(), path).toBe(0);
    }
    await context.close();
  });
});
