import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';
import { withOwnServer } from './support/own-server.ts';

/**
 * The seller's reputation and block list. A server of this file's own: the thermometer's sales
 * are counted over days the clock is moved by, and blocking a demo buyer would refuse the bids
 * the other files' flows place with that buyer.
 */
const own = withOwnServer();
const run = Date.now().toString(36).slice(-5);
const FLOW_TIMEOUT = 240_000;
const DAY = 24 * 3600;

interface Reputation {
  level: string;
  period_days: number;
  sales: number;
  claims_rate: number;
  late_shipping_rate: number;
  cancellation_rate: number;
}

const reputationOf = async (username: string) =>
  (await apiCall<{ reputation: Reputation }>('GET', `/api/users/public/${username}`)).body.reputation;

/**
 * A buy-now product of `sellerToken`'s, bought by `buyerToken` and approved on the sandbox
 * checkout (its form's POST, as the 'Aprobar pago' button sends it): one confirmed sale.
 */
async function sale(sellerToken: string, buyerToken: string, name: string): Promise<number> {
  const productId = await createProductViaApi(sellerToken, {
    name,
    categoryName: 'Figuras de vinilo',
    can_be_bought: true,
    sell_price: 30_000,
  });
  const bought = await apiCall('GET', `/api/bold/buy_product/${productId}`, buyerToken);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const link = new URL(bought.body.payment_link as string);
  const approved = await fetch(`${baseUrl()}${link.pathname}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(approved.status).toBe(303);
  expect(approved.headers.get('location')).toContain('bold-tx-status=approved');
  return productId;
}

/** The thermometer's text in `scope`: its level line and its figures, spaces collapsed. */
async function thermometerText(page: Page) {
  const thermometer = page.locator('[data-reputation-level]').first();
  await thermometer.waitFor();
  return {
    level: await thermometer.getAttribute('data-reputation-level'),
    text: ((await thermometer.textContent()) ?? '').replace(/\s+/g, ' '),
  };
}

/** An active one-hour auction of one new product of the seller behind `sellerToken`. */
async function auctionOfOneProduct(sellerToken: string, name: string) {
  const productId = await createProductViaApi(sellerToken, { name, categoryName: 'Figuras de vinilo' });
  const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
    title: `Subasta ${name}`,
    min_offer: 100,
    max_offer: 0,
    duration: 1,
    products: [productId],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await apiCall('POST', `/api/auctions/${created.body.id}/activate`, sellerToken)).status).toBe(200);
  return productId;
}

describe('seller reputation', () => {
  it(
    'the thermometer shows its level and the figures behind it on the public profile and both product pages',
    async () => {
      let sellerToken = await apiLogin(demo.store);
      const buyerToken = await apiLogin(demo.collector);
      // Ten sales paid today; nine shipped at once, one never: four days on, that one is late.
      const sold: number[] = [];
      for (let i = 0; i < 10; i++)
        sold.push(await sale(sellerToken, buyerToken, `Figura termómetro ${run} ${i}`));
      for (const productId of sold.slice(0, 9)) {
        const shipped = await apiCall('POST', '/api/products/change_shipping_status', sellerToken, {
          product_id: productId,
          shipping_status: 'shipped',
        });
        expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
      }
      expect((await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: 4 * DAY })).status).toBe(
        200,
      );
      // A session from before the days went by may have run out.
      sellerToken = await apiLogin(demo.store);

      const reputation = await reputationOf('tienda_retro');
      expect(reputation.sales).toBeGreaterThanOrEqual(10);
      expect(reputation.level).not.toBe('nuevo');
      // Whatever the demo data sold before, one late shipment among these is counted.
      expect(reputation.late_shipping_rate).toBeGreaterThan(0);
      const percent = (rate: number) =>
        new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 }).format(rate);
      const figures = [
        `${reputation.sales} ventas en los últimos ${reputation.period_days} días`,
        `Reclamos${percent(reputation.claims_rate)}`,
        `Envíos tardíos${percent(reputation.late_shipping_rate)}`,
        `Cancelaciones${percent(reputation.cancellation_rate)}`,
      ];
      const label = {
        rojo: 'Rojo',
        naranja: 'Naranja',
        amarillo: 'Amarillo',
        verde_claro: 'Verde claro',
        verde: 'Verde',
      }[reputation.level];
      const expectThermometer = async (page: Page) => {
        const shown = await thermometerText(page);
        expect(shown.level).toBe(reputation.level);
        expect(shown.text).toContain(`Reputación: ${label}`);
        for (const figure of figures) expect(shown.text).toContain(figure);
      };

      // The public profile, as the server renders it (no script needed to read it) ...
      const html = await (await fetch(`${baseUrl()}/public-profile/tienda_retro`)).text();
      expect(html).toContain(`data-reputation-level="${reputation.level}"`);
      expect(html).toContain('Envíos tardíos');

      // ... and in the browser, at both widths.
      const context = await newContext(own.browser, PHONE);
      const page = await context.newPage();
      await loginAs(page, demo.buyer);
      await page.goto(`${baseUrl()}/public-profile/tienda_retro`);
      await expectThermometer(page);
      await checkPage(page, 'trust-profile-thermometer-phone');
      await page.setViewportSize(DESKTOP);
      await checkPage(page, 'trust-profile-thermometer-desktop');

      // The buy-now page's seller block.
      const forSale = await createProductViaApi(sellerToken, {
        name: `Figura en venta ${run}`,
        categoryName: 'Figuras de vinilo',
        can_be_bought: true,
        sell_price: 45_000,
      });
      await page.goto(`${baseUrl()}/products/buy/${forSale}`);
      const sellerBlock = page.getByRole('region', { name: 'Vendedor', exact: true });
      await sellerBlock.getByRole('link', { name: 'tienda_retro' }).waitFor();
      await expectThermometer(page);
      await checkPage(page, 'trust-buy-seller-desktop');
      await page.setViewportSize(PHONE);
      await sellerBlock.scrollIntoViewIfNeeded();
      await checkPage(page, 'trust-buy-seller-phone');

      // The auction page's seller block.
      const inAuction = await auctionOfOneProduct(sellerToken, `Figura subastada ${run}`);
      await page.goto(`${baseUrl()}/auctions/product/${inAuction}`);
      await page.getByText('● En vivo').waitFor();
      await expectThermometer(page);
      await checkPage(page, 'trust-auction-seller-phone');
      await page.setViewportSize(DESKTOP);
      await checkPage(page, 'trust-auction-seller-desktop');
      await context.close();
    },
    FLOW_TIMEOUT,
  );
});

describe('Compradores bloqueados', () => {
  it(
    'a seller blocks a buyer, whose bid is refused; unblocked, the bid goes through',
    async () => {
      const sellerToken = await apiLogin(demo.seller);
      const productId = await auctionOfOneProduct(sellerToken, `Auto bloqueo ${run}`);

      const sellerContext = await newContext(own.browser, DESKTOP);
      const seller = await sellerContext.newPage();
      await loginAs(seller, demo.seller);
      await seller.goto(`${baseUrl()}/profile`);
      const panel = seller.getByRole('region', { name: 'Compradores bloqueados' });
      await panel.getByText('No has bloqueado a nadie.').waitFor();
      const name = panel.getByLabel('Nombre de usuario');
      const blockButton = panel.getByRole('button', { name: 'Bloquear', exact: true });

      // A name nobody has: the server's message under the field.
      await name.fill(`nadie_${run}`);
      await blockButton.click();
      await panel.getByText('No encontramos ese usuario').waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');

      await name.fill('comprador_demo');
      await blockButton.click();
      await panel
        .getByText('comprador_demo ya no puede pujar, comprar ni preguntar en tus productos')
        .waitFor();
      const rows = panel.getByRole('list', { name: 'Usuarios bloqueados' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(1);
      await rows.first().getByRole('link', { name: 'comprador_demo' }).waitFor();
      await rows
        .first()
        .getByText(/^Bloqueado desde /)
        .waitFor();
      await panel.scrollIntoViewIfNeeded();
      await checkPage(seller, 'trust-blocked-buyers-desktop');
      await seller.setViewportSize(PHONE);
      await panel.scrollIntoViewIfNeeded();
      await checkPage(seller, 'trust-blocked-buyers-phone');

      // The blocked buyer's bid is refused with the server's reason.
      const buyerContext = await newContext(own.browser, PHONE);
      const buyer = await buyerContext.newPage();
      await loginAs(buyer, demo.buyer);
      await buyer.goto(`${baseUrl()}/auctions/product/${productId}`);
      await buyer.getByText('● En vivo').waitFor();
      await buyer.getByLabel('Tu puja ($)').fill('1000');
      const refused = buyer.waitForResponse((r) => r.url().endsWith('/api/bids/create-bid'));
      await buyer.getByRole('button', { name: 'Place Bid' }).click();
      expect((await refused).status()).toBe(403);
      await buyer.getByText('El vendedor no acepta pujas ni compras de tu cuenta').waitFor();
      await checkPage(buyer, 'trust-bid-refused-phone');

      // Unblocked from the list: the same bid goes through.
      await rows.first().getByRole('button', { name: 'Desbloquear a comprador_demo' }).click();
      await panel
        .getByText('comprador_demo ya puede volver a pujar, comprar y preguntar en tus productos')
        .waitFor();
      await panel.getByText('No has bloqueado a nadie.').waitFor();
      await checkPage(seller, 'trust-blocked-buyers-empty-phone');

      const accepted = buyer.waitForResponse((r) => r.url().endsWith('/api/bids/create-bid'));
      await buyer.getByRole('button', { name: 'Place Bid' }).click();
      expect((await accepted).status()).toBe(201);
      await buyer
        .locator('ol[aria-label^="Historial de pujas"] li')
        .first()
        .filter({ hasText: '$1.000' })
        .waitFor();
      expect(await buyer.getByText('El vendedor no acepta pujas ni compras de tu cuenta').count()).toBe(0);
      await sellerContext.close();
      await buyerContext.close();
    },
    FLOW_TIMEOUT,
  );
});

describe('unpaid strikes', () => {
  it(
    'a won item left to expire unpaid shows on the winner’s own profile, with what 3 of them do',
    async () => {
      const sellerToken = await apiLogin(demo.seller);
      const winnerToken = await apiLogin(demo.collector);
      const productId = await createProductViaApi(sellerToken, {
        name: `Carta sin pagar ${run}`,
        categoryName: 'Cartas coleccionables',
        reserve_price: 1_000,
      });
      const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
        title: `Subasta sin pagar ${run}`,
        min_offer: 0,
        max_offer: 0,
        duration: 1,
        products: [productId],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await apiCall('POST', `/api/auctions/${created.body.id}/activate`, sellerToken)).status).toBe(
        200,
      );
      const bid = await apiCall('POST', '/api/bids/create-bid', winnerToken, {
        amount: 5_000,
        auction_id: created.body.id,
        product_id: productId,
      });
      expect(bid.status, JSON.stringify(bid.body)).toBe(201);
      const before = (await apiCall('GET', '/api/users/profile', winnerToken)).body.unpaid_strikes as number;
      // The auction ends (the win), then the payment window passes with nothing paid.
      expect(
        (await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: 3600 + 5 })).status,
      ).toBe(200);
      expect((await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: 3 * DAY })).status).toBe(
        200,
      );

      const context = await newContext(own.browser, PHONE);
      const page = await context.newPage();
      const token = await loginAs(page, demo.collector, undefined, { newSession: true });
      const strikes = (await apiCall('GET', '/api/users/profile', token)).body.unpaid_strikes as number;
      expect(strikes).toBe(before + 1);
      expect(strikes).toBeLessThan(3);
      await page.goto(`${baseUrl()}/profile`);
      const notice = page.getByRole('note').filter({ hasText: 'Compras ganadas sin pagar' });
      await notice.getByText(`Compras ganadas sin pagar: ${strikes}`).waitFor();
      await notice.getByText(/Si llegas a 3 en un año, tu cuenta no podrá pujar ni comprar/).waitFor();
      await notice.getByRole('link', { name: 'Ver mis subastas ganadas' }).waitFor();
      await checkPage(page, 'trust-unpaid-strikes-phone');
      await page.setViewportSize(DESKTOP);
      await checkPage(page, 'trust-unpaid-strikes-desktop');
      await context.close();
    },
    FLOW_TIMEOUT,
  );
});
