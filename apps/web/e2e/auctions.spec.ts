import type { Browser, Page } from 'playwright-core';
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
import { createProductViaApi } from './support/fixtures.ts';

let stamp = 0;
/** Creates `count` available products of the seller through the API; returns their ids. */
async function createProducts(token: string, count: number, label: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    stamp += 1;
    ids.push(
      await createProductViaApi(token, {
        name: `${label} ${Date.now() % 100000}-${stamp}`,
        categoryName: 'Figuras de vinilo',
        description: 'Figura de prueba creada por el test de subastas.',
      }),
    );
  }
  return ids;
}

async function createActiveAuction(token: string, title: string, productIds: number[], minOffer = 1000) {
  const created = await apiCall('POST', '/api/auctions/create', token, {
    title,
    min_offer: minOffer,
    max_offer: 0,
    duration: 24,
    products: productIds,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const activated = await apiCall('POST', `/api/auctions/${created.body.id}/activate`, token);
  expect(activated.status).toBe(200);
  return created.body.id as number;
}

async function historyAmounts(page: Page): Promise<string[]> {
  return page.locator('ol[aria-label^="Historial de pujas"] li').allInnerTexts();
}

describe('auctions', () => {
  let browser: Browser;
  let sellerToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerToken = await apiLogin(demo.seller);
  });
  afterAll(() => browser?.close());

  it('shows a bid to another buyer on the same product page within a second, without reloading', async () => {
    const [productId] = await createProducts(sellerToken, 2, 'Figura en vivo');
    const auctionId = await createActiveAuction(sellerToken, 'Subasta en vivo E2E', [productId!]);

    const contextA = await newContext(browser, DESKTOP);
    const contextB = await newContext(browser, PHONE);
    const a = await contextA.newPage();
    const b = await contextB.newPage();
    await loginAs(a, demo.buyer);
    await loginAs(b, demo.collector);
    await a.goto(`${baseUrl()}/auctions/product/${productId}`);
    await b.goto(`${baseUrl()}/auctions/product/${productId}`);
    for (const page of [a, b]) {
      await page.getByRole('heading', { name: /Figura en vivo/ }).waitFor();
      await page.getByText('Aún no hay pujas para este producto. ¡Sé el primero en pujar!').waitFor();
      await page.getByText('● En vivo').waitFor();
    }
    expect(await a.getByText('Incremento mínimo de puja: $1.000').isVisible()).toBe(true);
    expect(await a.getByText(/Incremento máximo de puja/).count()).toBe(0);
    const inputA = a.getByLabel('Tu puja ($)');
    expect(await inputA.getAttribute('placeholder')).toBe('Min bid: $1.000');

    // Client-side rule before sending.
    await inputA.fill('500');
    await a.getByRole('button', { name: 'Place Bid' }).click();
    await a.getByText('El incremento mínimo de puja es $1.000').waitFor();

    await inputA.fill('2500');
    const response = a.waitForResponse((r) => r.url().endsWith('/api/bids/create-bid'));
    await a.getByRole('button', { name: 'Place Bid' }).click();
    expect((await response).status()).toBe(201);
    const sentAt = Date.now();
    await b
      .locator('ol[aria-label^="Historial de pujas"] li', { hasText: '$2.500' })
      .waitFor({ timeout: 1000 });
    expect(Date.now() - sentAt).toBeLessThan(1000);
    // The input clears once the page has handled the 201, which may land after the peer saw the bid.
    await expect.poll(() => inputA.inputValue()).toBe('');
    expect((await historyAmounts(b))[0]).toContain('comprador_demo');
    await b.getByText('$2.500', { exact: true }).first().waitFor();

    // The other buyer outbids; the first sees it live, newest first.
    const inputB = b.getByLabel('Tu puja ($)');
    expect(await inputB.getAttribute('placeholder')).toBe('Min bid: $3.500');
    await inputB.fill('2600');
    await b.getByRole('button', { name: 'Place Bid' }).click();
    await b.getByText('El incremento mínimo de puja es $1.000').waitFor();
    await inputB.fill('4000');
    await b.getByRole('button', { name: 'Place Bid' }).click();
    await a
      .locator('ol[aria-label^="Historial de pujas"] li', { hasText: '$4.000' })
      .waitFor({ timeout: 1000 });
    const history = await historyAmounts(a);
    expect(history[0]).toContain('coleccionista_demo');
    expect(history[1]).toContain('comprador_demo');

    // The outbid buyer got a notification.
    const buyerToken = await apiLogin(demo.buyer);
    const notes = await apiCall('GET', '/api/notifications?unread_only=true', buyerToken);
    expect(notes.body.data.some((n: any) => n.type === 'outbid' && n.message.includes('$4.000'))).toBe(true);

    // The seller block links to the public profile.
    expect(await a.getByRole('link', { name: 'vendedor_demo' }).getAttribute('href')).toBe(
      '/public-profile/vendedor_demo',
    );

    await expectAccessible(b);
    await expectNoHorizontalScroll(b);
    await screenshot(a, 'auctions-product-desktop');
    await screenshot(b, 'auctions-product-phone');

    // The auction's product list.
    await a.goto(`${baseUrl()}/auctions/products/${auctionId}`);
    await a.getByRole('heading', { name: 'Live Subastas' }).waitFor();
    await a.getByText('Descubre coleccionables únicos en subastas en tiempo real').waitFor();
    await a
      .getByRole('link', { name: /Ver Producto/ })
      .first()
      .waitFor();
    await expectAccessible(a);
    await screenshot(a, 'auctions-products-desktop');
    await contextA.close();
    await contextB.close();
  });

  it('paints a running product’s name and image before the app’s code runs, where the page shows them', async () => {
    const name = `Figura "Ñandú" & caja ${Date.now() % 100000}`;
    const productId = await createProductViaApi(sellerToken, { name, categoryName: 'Figuras de vinilo' });
    await createActiveAuction(sellerToken, 'Subasta adelantada E2E', [productId]);
    // Without JavaScript, what shows is what the server wrote into the page.
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${baseUrl()}/auctions/product/${productId}`);
    const image = still.getByRole('img', { name });
    expect(await image.getAttribute('src')).toMatch(/^\/images\/[0-9a-f-]+\/full\.webp$/);
    expect(await still.getByText(name, { exact: true }).isVisible()).toBe(true);
    const early = await image.boundingBox();
    await context.close();

    // The app's page puts the same image in the same place.
    const live = await newContext(browser, PHONE);
    const page = await live.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/auctions/product/${productId}`);
    await page.getByText('Aún no hay pujas para este producto. ¡Sé el primero en pujar!').waitFor();
    const shown = await page.getByRole('img', { name }).boundingBox();
    expect(shown).not.toBeNull();
    expect(Math.abs(shown!.y - early!.y)).toBeLessThan(2);
    expect(Math.abs(shown!.width - early!.width)).toBeLessThan(1);
    await live.close();
  });

  it('lists active auctions; View without a login saves the target and goes to /login', async () => {
    const title = `Lote de cinco ${Date.now() % 100000}`;
    const ids = await createProducts(sellerToken, 5, 'Lote');
    await createActiveAuction(sellerToken, title, ids);

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/auctions`);
    await page.getByRole('heading', { name: 'Subastas Activas' }).waitFor();
    const cards = page.locator('ul[aria-label="Subastas activas"] > li');
    await cards.first().waitFor();
    // Scroll until our auction's card has loaded (infinite scroll, 8 per page).
    const first = cards.filter({ hasText: title });
    for (let i = 0; i < 10 && (await first.count()) === 0; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    await first.waitFor();
    expect(await first.getByText('Live').isVisible()).toBe(true);
    expect(await first.getByText('5 artículos').isVisible()).toBe(true);
    expect(await first.getByRole('img', { name: /^Lote/ }).count()).toBe(4);
    expect(await first.getByText('+1').isVisible()).toBe(true);
    expect(await first.getByText(/^23h 5\dm$/).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'auctions-list-phone');

    await first.getByRole('link', { name: /^View subasta / }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toMatch(
      /^\/auctions\/products\/\d+$/,
    );

    // The search parameter filters through the server.
    await page.goto(`${baseUrl()}/auctions?search=${encodeURIComponent('zzz-no-existe')}`);
    await page.getByText('No hay subastas disponibles en este momento.').waitFor();
    await context.close();

    const desktop = await newContext(browser, DESKTOP);
    const home = await desktop.newPage();
    await home.goto(`${baseUrl()}/auctions`);
    await home.locator('ul[aria-label="Subastas activas"] > li').first().waitFor();
    await screenshot(home, 'auctions-list-desktop');
    await desktop.close();
  });

  it('lets a seller create an auction from selected products and activate it from /my-auctions', async () => {
    const ids = await createProducts(sellerToken, 2, 'Vinilo para subasta');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await loginAs(page, demo.seller);

    // Select them on /products when that page offers checkboxes, else go straight to the form.
    await page.goto(`${baseUrl()}/products`);
    const firstBox = page.getByRole('checkbox', {
      name: new RegExp(`Seleccionar.*${ids[0]}|Vinilo para subasta`),
    });
    let usedProductsPage = false;
    try {
      await page.getByRole('checkbox').first().waitFor({ timeout: 4000 });
      if ((await firstBox.count()) >= 2) {
        await firstBox.nth(0).check();
        await firstBox.nth(1).check();
        await page.getByRole('button', { name: 'Crear Subasta' }).click();
        usedProductsPage = true;
      }
    } catch {
      // /products has no selection yet
    }
    if (!usedProductsPage) await page.goto(`${baseUrl()}/auctions/create?products=${ids.join(',')}`);
    await page.waitForURL(/\/auctions\/create\?products=/);

    await page.getByRole('heading', { name: 'Crear nueva subasta' }).waitFor();
    await page.getByText('2 productos seleccionados').waitFor();
    await page
      .getByRole('list', { name: 'Productos seleccionados' })
      .getByText(/Vinilo para subasta/)
      .first()
      .waitFor();
    const start = page.getByLabel('Fecha de inicio (opcional)');
    expect(await start.getAttribute('step')).toBe('300');
    expect(await start.getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

    // Rules before sending.
    await page.getByRole('button', { name: 'Crear subasta' }).click();
    await page.getByText('El título es obligatorio').waitFor();
    const title = `Vinilos E2E ${Date.now() % 100000}`;
    await page.getByLabel(/^Título/).fill(title);
    await page.getByLabel(/^Oferta mínima/).fill('2000');
    await page.getByLabel(/^Oferta máxima/).fill('1000');
    await page.getByRole('button', { name: 'Crear subasta' }).click();
    await page
      .getByText(
        'La oferta máxima debe ser mayor que la oferta mínima o establecerse en 0 para no tener límite',
      )
      .waitFor();
    await page.getByLabel(/^Oferta máxima/).fill('0');
    await page.getByLabel(/^Duración/).fill('200');
    await page.getByRole('button', { name: 'Crear subasta' }).click();
    await page.getByText('La duración debe estar entre 1 y 168 horas').waitFor();
    await page.getByLabel(/^Duración/).fill('2');
    await page.getByLabel('Subasta Flash').check();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'auctions-create-phone');

    await page.getByRole('button', { name: 'Crear subasta' }).click();
    await page.getByText('¡Subasta creada exitosamente!').waitFor();
    await page.waitForURL(/\/products$/, { timeout: 6000 });

    await page.goto(`${baseUrl()}/my-auctions`);
    await page.getByRole('heading', { name: 'Mis subastas' }).waitFor();
    const card = page.locator('article', { hasText: title });
    await card.waitFor();
    await card.getByText('Próxima').waitFor();
    await card.getByText('Activación manual').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'auctions-my-auctions-phone');
    await card.getByRole('button', { name: 'Activar Subasta' }).click();
    await card.getByText('Live').waitFor();
    await card.getByText(/^01h:59m$|^02h:00m$/).waitFor();
    expect(await card.getByRole('button', { name: 'Activar Subasta' }).count()).toBe(0);
    // Its button gone, the keyboard focus is on the auction's title.
    expect(
      await card.getByRole('link', { name: title }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // The seller's notification appears; clicking it marks it read (dimmed).
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByRole('heading', { name: 'Notificaciones' }).waitFor();
    const unread = page.getByRole('button', { name: new RegExp(`Tu subasta ha comenzado.*${title}`) });
    await unread.waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'auctions-notifications-phone');
    await unread.click();
    const read = page.locator('[data-read="true"]', { hasText: title });
    await read.waitFor();
    expect(await unread.count()).toBe(0);
    // The keyboard focus moves to the notice's text, not to the top of the page.
    expect(await read.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Solo no leídas').check();
    await page.waitForTimeout(300);
    expect(await page.locator('li', { hasText: title }).count()).toBe(0);
    await context.close();

    const desktop = await newContext(browser, DESKTOP);
    const seller = await desktop.newPage();
    await loginAs(seller, demo.seller);
    await seller.goto(`${baseUrl()}/my-auctions`);
    await seller.locator('article', { hasText: title }).waitFor();
    await screenshot(seller, 'auctions-my-auctions-desktop');
    await seller.goto(`${baseUrl()}/notifications`);
    await seller.getByRole('heading', { name: 'Notificaciones' }).waitFor();
    await seller.locator('[data-read]').first().waitFor();
    await screenshot(seller, 'auctions-notifications-desktop');
    await seller.goto(`${baseUrl()}/auctions/create?products=${ids.join(',')}`);
    await seller.getByRole('heading', { name: 'Crear nueva subasta' }).waitFor();
    await screenshot(seller, 'auctions-create-desktop');
    await desktop.close();
  });

  it('pushes a new notification to the unread count live', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.collector);
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByRole('heading', { name: 'Notificaciones' }).waitFor();
    await page.waitForTimeout(500);
    const before = await page.locator('button[data-read="false"]').count();

    // Someone outbids the collector on a fresh auction.
    const [productId] = await createProducts(sellerToken, 1, 'Figura aviso');
    const auctionId = await createActiveAuction(sellerToken, 'Aviso en vivo', [productId!], 0);
    const collectorToken = await apiLogin(demo.collector);
    const buyerToken = await apiLogin(demo.buyer);
    expect(
      (
        await apiCall('POST', '/api/bids/create-bid', collectorToken, {
          amount: 100,
          auction_id: auctionId,
          product_id: productId,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await apiCall('POST', '/api/bids/create-bid', buyerToken, {
          amount: 200,
          auction_id: auctionId,
          product_id: productId,
        })
      ).status,
    ).toBe(201);

    await page
      .getByRole('button', { name: /Te han superado en una puja.*Figura aviso/ })
      .waitFor({ timeout: 3000 });
    expect(await page.locator('button[data-read="false"]').count()).toBe(before + 1);
    await context.close();
  });
});
