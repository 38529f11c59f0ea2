import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  DESKTOP,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';

/**
 * Every page of the app, with the demo data, passes every axe rule (experimental ones included)
 * at phone and desktop widths, and never scrolls sideways at 390 px. Other specs check pages in
 * the middle of their flows (dialogs, menus, live updates); this one makes sure no page is left
 * out.
 */
type Visitor = 'anonymous' | 'buyer' | 'seller';
interface PageCase {
  name: string;
  path: string;
  as: Visitor;
  /** A page without its data: the <h1> and document title it must still have. */
  heading?: string;
}

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let cases: PageCase[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const buyerToken = await apiLogin(demo.buyer);
  const sellerToken = await apiLogin(demo.seller);

  const auctions = await apiCall<{ items: Array<{ id: number; status: string; owner_id: number }> }>(
    'GET',
    '/api/auctions/list?page=1&size=8',
  );
  const auction = auctions.body.items.find((a) => a.status === 'active') ?? auctions.body.items[0];
  expect(auction, 'the demo data has an auction').toBeDefined();
  const race = await apiCall<{ products: Array<{ id: number }> }>(
    'GET',
    `/api/auctions/get_products_by_auction_id/${auction!.id}`,
    buyerToken,
  );
  const auctionProduct = race.body.products[0];
  expect(auctionProduct, 'the demo auction has products').toBeDefined();
  const marketplace = await apiCall<{ items: Array<{ id: number; owner_username: string }> }>(
    'GET',
    '/api/products/marketplace?page=1&size=12',
  );
  const buyNow = marketplace.body.items[0];
  expect(buyNow, 'the demo data has buy-now products').toBeDefined();
  const mine = await apiCall<Array<{ id: number; sell_price: number | null }>>(
    'GET',
    '/api/products/get_products',
    sellerToken,
  );
  const own = mine.body[0];
  expect(own, 'the demo seller has products').toBeDefined();
  const priceless = mine.body.find((p) => p.sell_price === null);
  expect(priceless, 'the demo seller has a product without a sell price').toBeDefined();

  const claims = await apiCall<{ items: Array<{ id: number }> }>('GET', '/api/claims/mine', buyerToken);
  const claim = claims.body.items[0];
  expect(claim, 'the demo buyer has a claim').toBeDefined();

  cases = [
    { name: 'home', path: '/', as: 'anonymous' },
    { name: 'auction-list', path: '/auctions', as: 'anonymous' },
    { name: 'marketplace', path: '/products', as: 'anonymous' },
    { name: 'search', path: '/search?query=hot%20wheels', as: 'anonymous' },
    { name: 'explore', path: '/explorar?kind=buy_now&sort=price_asc', as: 'anonymous' },
    { name: 'login', path: '/login', as: 'anonymous' },
    { name: 'register', path: '/register', as: 'anonymous' },
    { name: 'public-profile', path: `/public-profile/${buyNow!.owner_username}`, as: 'anonymous' },
    { name: 'seller-page', path: `/seller/${auction!.owner_id}`, as: 'anonymous' },
    { name: 'not-found', path: '/esto/no/existe', as: 'anonymous' },
    { name: 'notifications-logged-out', path: '/notifications', as: 'anonymous' },
    { name: 'payment-result', path: '/payment', as: 'buyer' },
    { name: 'profile', path: '/profile', as: 'buyer' },
    { name: 'product-auction', path: `/auctions/product/${auctionProduct!.id}`, as: 'buyer' },
    { name: 'auction-products', path: `/auctions/products/${auction!.id}`, as: 'buyer' },
    { name: 'buy-product', path: `/products/buy/${buyNow!.id}`, as: 'buyer' },
    { name: 'won-auctions', path: '/auctions/won', as: 'buyer' },
    { name: 'purchases', path: '/purchases', as: 'buyer' },
    { name: 'watchlist', path: '/watchlist', as: 'buyer' },
    { name: 'saved-searches', path: '/busquedas', as: 'buyer' },
    { name: 'notifications', path: '/notifications', as: 'buyer' },
    { name: 'shipping-addresses', path: '/shipping-addresses', as: 'buyer' },
    { name: 'seller-products', path: '/products', as: 'seller' },
    { name: 'product-detail', path: `/products/${own!.id}`, as: 'seller' },
    { name: 'create-product', path: '/products/create', as: 'seller' },
    { name: 'create-auction', path: `/auctions/create?products=${own!.id}`, as: 'seller' },
    { name: 'my-auctions', path: '/my-auctions', as: 'seller' },
    { name: 'seller-payments', path: '/seller/payments', as: 'seller' },
    { name: 'sold-products', path: '/products/sold', as: 'seller' },
    { name: 'questions', path: '/questions', as: 'seller' },
    { name: 'questions-buyer', path: '/questions', as: 'buyer' },
    { name: 'claim', path: `/claims/${claim!.id}`, as: 'buyer' },
    { name: 'claim-missing', path: '/claims/999999', as: 'buyer', heading: 'Reclamo' },
    // A buyer on seller screens gets the become-a-seller message.
    { name: 'my-auctions-buyer', path: '/my-auctions', as: 'buyer' },
    { name: 'seller-payments-buyer', path: '/seller/payments', as: 'buyer' },
    { name: 'sold-products-buyer', path: '/products/sold', as: 'buyer' },
    { name: 'buy-product-no-price', path: `/products/buy/${priceless!.id}`, as: 'buyer' },
    // Pages whose load fails, or whose address names nothing, keep a heading.
    { name: 'buy-product-missing', path: '/products/buy/9999', as: 'buyer', heading: 'Compra directa' },
    { name: 'product-detail-missing', path: '/products/9999', as: 'buyer', heading: 'Detalle del producto' },
    {
      name: 'product-auction-missing',
      path: '/auctions/product/9999',
      as: 'buyer',
      heading: 'Subasta del producto',
    },
    {
      name: 'auction-products-bad-id',
      path: '/auctions/products/abc',
      as: 'buyer',
      heading: 'Live Subastas',
    },
    {
      name: 'public-profile-missing',
      path: '/public-profile/nadie_existe',
      as: 'anonymous',
      heading: 'Perfil del vendedor',
    },
    { name: 'seller-page-missing', path: '/seller/999', as: 'anonymous', heading: 'Perfil del vendedor' },
    // The operator console's tabs are checked one by one, at both widths, in admin.spec.ts; here,
    // what others see there.
    {
      name: 'admin-buyer',
      path: '/admin',
      as: 'buyer',
      heading: 'No tienes permiso para ver esta página',
    },
    {
      name: 'invite-unknown',
      path: '/invite/no-existe',
      as: 'anonymous',
      heading: 'Esta invitación no está disponible',
    },
  ];
});

afterAll(async () => {
  await browser?.close();
});

it('the check itself fails a page with serious faults', async () => {
  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  await page.setContent(
    '<html lang="es"><title>Prueba</title><main><h1>Prueba</h1><img src="/x.png">' +
      '<p style="color:#bbb;background:#fff">Texto claro</p></main></html>',
  );
  const failure = await expectAccessible(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/image-alt/);
  expect(failure).toMatch(/color-contrast/);
  await context.close();
});

/** Waits until the page has rendered its data: a heading in main and no request in flight. */
async function settle(page: Page) {
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
}

/** Each visitor's pages, split into this many tests so that the two running at once finish together. */
const parts: Record<Visitor, number> = { anonymous: 2, buyer: 3, seller: 1 };

// Each test only reads pages, as its own visitor: they run two at a time (vitest.e2e.config.ts).
// A page is loaded once and checked at both widths: the app lays pages out for the width with CSS
// alone (no script reads the window's size), so the desktop and the phone page are one document,
// which axe checks again once the window is narrow. Wide first: what comes into view there (and
// loads, such as a list's next page) is then also checked in the phone layout.
describe.concurrent('every page is accessible', () => {
  for (const visitor of ['anonymous', 'buyer', 'seller'] as const) {
    for (let part = 0; part < parts[visitor]; part++) {
      const name = `passes every axe rule at ${PHONE.width} and ${DESKTOP.width} px, as ${visitor}${
        parts[visitor] > 1 ? ` (part ${part + 1} of ${parts[visitor]})` : ''
      }`;
      // A dozen pages each, on a machine shared with other test runs: more than the default time.
      it(name, { timeout: 240_000 }, async () => {
        const mine = cases.filter((c) => c.as === visitor).filter((_, i) => i % parts[visitor] === part);
        expect(mine.length).toBeGreaterThan(0);
        const context = await newContext(browser, DESKTOP);
        const page = await context.newPage();
        if (visitor === 'buyer') await loginAs(page, demo.buyer);
        if (visitor === 'seller') await loginAs(page, demo.seller);
        for (const pageCase of mine) {
          await page.setViewportSize(DESKTOP);
          await page.goto(`${baseUrl()}${pageCase.path}`);
          await settle(page);
          for (const [viewport, label] of [
            [DESKTOP, 'desktop'],
            [PHONE, 'phone'],
          ] as const) {
            if (label === 'phone') {
              await page.setViewportSize(viewport);
              // Checked once the narrow layout has painted and nothing it brought into view is loading.
              await page.evaluate(
                () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
              );
              await settle(page);
            }
            try {
              await expectAccessible(page);
              if (label === 'phone') await expectNoHorizontalScroll(page);
              if (pageCase.heading && label === 'phone') {
                // axe's page-has-heading-one is only "moderate": checked here by name.
                expect(await page.locator('main h1').allTextContents()).toEqual([pageCase.heading]);
                expect(await page.title()).toBe(`${pageCase.heading} | Coleccionables`);
              }
            } catch (error) {
              await screenshot(page, `a11y-failed-${pageCase.name}-${label}`);
              throw new Error(
                `${pageCase.name} (${pageCase.path}) at ${viewport.width} px: ${(error as Error).message}`,
              );
            }
            await screenshot(page, `a11y-${pageCase.name}-${label}`);
          }
        }
        await context.close();
      });
    }
  }
});
