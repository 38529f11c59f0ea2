import type { Browser, Locator, Page } from 'playwright-core';
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
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

/** An active one-hour auction of one new product of the demo seller. */
async function auctionOfOneProduct(sellerToken: string, label: string) {
  const name = `${label} ${Date.now() % 100000}`;
  const productId = await createProductViaApi(sellerToken, {
    name,
    categoryName: 'Figuras de vinilo',
    description: 'Figura de prueba creada por el test de precios en vivo.',
  });
  const title = `Subasta ${name}`;
  const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
    title,
    min_offer: 100,
    max_offer: 0,
    duration: 1,
    products: [productId],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await apiCall('POST', `/api/auctions/${created.body.id}/activate`, sellerToken)).status).toBe(200);
  return { productId, auctionId: created.body.id as number, title, name };
}

const cop = (pesos: number) => `$ ${String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

describe('live prices on cards', () => {
  let browser: Browser;
  let sellerToken: string;
  let buyerToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerToken = await apiLogin(demo.seller);
    buyerToken = await apiLogin(demo.buyer);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const bid = async (auctionId: number, productId: number, amount: number) => {
    const res = await apiCall('POST', '/api/bids/create-bid', buyerToken, {
      auction_id: auctionId,
      product_id: productId,
      amount,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const priceOf = (card: Locator) => card.getByTestId('card-price');
  /** Waits until the card's price reads `text`. */
  const waitForPrice = (card: Locator, text: string) =>
    expect.poll(() => priceOf(card).textContent(), { timeout: 5000 }).toContain(text);
  const liveState = (card: Locator) => card.getAttribute('data-live');

  /** Opens the list and finds the two auctions' cards (loading more pages if needed). */
  async function openList(page: Page, titles: string[]) {
    await page.goto(`${baseUrl()}/auctions`);
    const list = page.locator('ul[aria-label="Subastas activas"]');
    await list.locator('> li').first().waitFor();
    const cards = titles.map((title) => list.locator('article', { hasText: title }));
    for (let i = 0; i < 10 && (await cards.at(-1)!.count()) === 0; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    return cards;
  }

  it('a card’s price changes when a bid lands; a card scrolled out of view stops receiving, and resumes', async () => {
    const a = await auctionOfOneProduct(sellerToken, 'Figura en vivo A');
    const b = await auctionOfOneProduct(sellerToken, 'Figura en vivo B');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    const [cardA, cardB] = (await openList(page, [a.title, b.title])) as [Locator, Locator];

    // In view: subscribed, with the starting price read from the server.
    await cardA.scrollIntoViewIfNeeded();
    await expect.poll(() => liveState(cardA)).toBe('on');
    await waitForPrice(cardA, '$');
    await bid(a.auctionId, a.productId, 5000);
    await waitForPrice(cardA, cop(5000));
    await screenshot(page, 'live-card-updated-phone');
    await expectNoHorizontalScroll(page);

    // Card A scrolled just above the view, card B (below it) in view. Some room below the list
    // keeps the scroll possible however many auctions the run has.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '3000px';
    });
    await cardA.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom + 2));
    await expect.poll(() => liveState(cardA)).toBe('off');
    await expect.poll(() => liveState(cardB)).toBe('on');
    // A bid on A after its last update's second has passed would go out at once if A were
    // still watched, and the bus keeps the order of commits: once B's later bid has arrived,
    // A's would have too.
    await page.waitForTimeout(1100);
    await bid(a.auctionId, a.productId, 6000);
    await bid(b.auctionId, b.productId, 7000);
    await waitForPrice(cardB, cop(7000));
    expect(await priceOf(cardA).textContent()).toContain(cop(5000));

    // Back in view: subscribed again, it shows the price it missed.
    await cardA.scrollIntoViewIfNeeded();
    await expect.poll(() => liveState(cardA)).toBe('on');
    await waitForPrice(cardA, cop(6000));
    // One socket for the whole page, not one per card.
    expect(sockets.filter((url) => url.includes('/ws/cards'))).toHaveLength(1);
    expect(sockets.filter((url) => url.includes('/ws/bids/'))).toHaveLength(0);
    await context.close();
  });

  it('updates a card on the desktop list and on /explorar', async () => {
    const a = await auctionOfOneProduct(sellerToken, 'Figura escritorio');
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const [card] = (await openList(page, [a.title])) as [Locator];
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => liveState(card)).toBe('on');
    await bid(a.auctionId, a.productId, 12_000);
    await waitForPrice(card, cop(12_000));
    await screenshot(page, 'live-card-updated-desktop');
    await expectAccessible(page);

    // Searched by its name: other files' shorter auctions on this server would come first by end.
    await page.goto(`${baseUrl()}/explorar?kind=auction&q=${encodeURIComponent(a.name)}`);
    const result = page.getByRole('list', { name: 'Resultados' }).locator('article', { hasText: a.name });
    await result.waitFor();
    await expect.poll(() => liveState(result)).toBe('on');
    expect(await priceOf(result).textContent()).toContain(cop(12_000));
    await bid(a.auctionId, a.productId, 13_000);
    await waitForPrice(result, cop(13_000));
    await expect.poll(() => result.textContent()).toContain('2 pujas');
    await screenshot(page, 'live-card-explore-desktop');
    await context.close();
  });
});
