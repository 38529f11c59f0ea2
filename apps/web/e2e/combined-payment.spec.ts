import type { Browser } from 'playwright-core';
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

// Its own products, auctioned by tienda_retro and won by coleccionista_demo, named with this run's tag.
const SELLER = demo.store;
const BUYER = demo.collector;
const run = Date.now().toString(36).slice(-5);

/** The seller auctions each product with a low reserve; the buyer bids on each; the clock passes the end. */
async function winAuctions(sellerToken: string, buyerToken: string, names: string[], amounts: number[]) {
  const auctions: number[] = [];
  for (const [index, name] of names.entries()) {
    const productId = await createProductViaApi(sellerToken, {
      name,
      categoryName: 'Cartas coleccionables',
      year: 2001,
      description: 'Carta de prueba creada por el test de pago conjunto.',
      reserve_price: 1_000,
    });
    const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
      title: `Subasta conjunta ${run} ${index + 1}`,
      min_offer: 0,
      max_offer: 0,
      duration: 1,
      products: [productId],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const auctionId = created.body.id as number;
    expect((await apiCall('POST', `/api/auctions/${auctionId}/activate`, sellerToken)).status).toBe(200);
    const bid = await apiCall('POST', '/api/bids/create-bid', buyerToken, {
      amount: amounts[index],
      auction_id: auctionId,
      product_id: productId,
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    auctions.push(auctionId);
  }
  const clock = await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: 3600 + 5 });
  expect(clock.status).toBe(200);
  return auctions;
}

describe('one payment for several items of one seller', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("a buyer with two wins of one seller clicks 'Pagar juntos', pays once in the sandbox, both are paid", async () => {
    const sellerToken = await apiLogin(SELLER);
    const buyerToken = await apiLogin(BUYER);
    const names = [`Carta Charizard Conjunta ${run}`, `Carta Blastoise Conjunta ${run}`];
    await winAuctions(sellerToken, buyerToken, names, [31_000, 12_500]);

    // Only this run's two items of this seller wait: 'Pagar juntos' pays exactly them.
    const won = await apiCall('GET', '/api/payments/get_payments_by_user_id', buyerToken);
    const waiting = (
      won.body as Array<{ seller_username: string; status: string; product_name: string }>
    ).filter(
      (item) =>
        item.seller_username === 'tienda_retro' && (item.status === 'pending' || item.status === 'rejected'),
    );
    expect(waiting.map((item) => item.product_name).sort()).toEqual([...names].sort());

    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await loginAs(page, BUYER);
      await page.goto(`${baseUrl()}/auctions/won/`);
      await page.getByRole('heading', { name: 'Mis Subastas Ganadas', level: 1 }).waitFor();
      const group = page.getByRole('listitem', { name: '2 artículos de tienda_retro' });
      await group.waitFor();
      for (const name of names) await group.getByText(name, { exact: false }).waitFor();
      expect(await group.textContent()).toContain('43.500');
      await group.getByRole('button', { name: 'Pagar juntos' }).waitFor();
      await checkPage(page, `combined-won-${label}`);
      if (label === 'desktop') {
        await context.close();
        continue;
      }

      await group.getByRole('button', { name: 'Pagar juntos' }).click();
      await page.waitForURL(/\/sandbox\/bold\/checkout\/LNK_/);
      await page.getByText('$ 43.500').waitFor();
      await page.getByText(/Pago conjunto · 2 artículos/).waitFor();
      await checkPage(page, 'combined-sandbox-checkout-phone');
      await page.getByRole('button', { name: 'Aprobar pago' }).click();
      await page.waitForURL(/\/payment\?bold-order-id=.+&bold-tx-status=approved$/);
      await page.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();

      await page.goto(`${baseUrl()}/auctions/won/`);
      const cards = page.locator('ul[aria-label="Subastas ganadas"] > li');
      for (const name of names)
        await cards.filter({ hasText: name }).getByText('Pagado', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Pagar juntos' }).count()).toBe(0);
      await context.close();
    }

    // The seller sees both sales paid, and ships them once with one tracking number.
    const soldRows = async () => {
      const sold = await apiCall('GET', '/api/products/get_sold_products?size=100', sellerToken);
      expect(sold.status).toBe(200);
      return (
        sold.body.products as Array<{ product_id: number; product_name: string; shipping_status: string }>
      ).filter((row) => names.includes(row.product_name));
    };
    const mine = await soldRows();
    expect(mine.map((row) => row.shipping_status)).toEqual(['pending', 'pending']);
    const shipped = await apiCall('POST', '/api/products/change_shipping_status', sellerToken, {
      product_id: mine[0]!.product_id,
      shipping_status: 'shipped',
      carrier: 'servientrega',
      tracking_number: `SV-${run}`,
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await soldRows()).map((row) => row.shipping_status)).toEqual(['shipped', 'shipped']);
  });
});
