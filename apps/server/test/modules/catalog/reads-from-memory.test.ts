import { adminMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../../src/platform/events.ts';
import { readFreshness } from '../../../src/platform/read-cache.ts';
import { insertAuction, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

/**
 * The auction list, a product's auction page, a buy-now page and browsing are answered from
 * memory while nothing they show has changed. Here the bus's word is trusted for ten minutes
 * (READ_CACHE_CONFIRM_MS), so a write made straight into the database, which no server announces,
 * stays unseen: proof the answer came from memory with no check. A write through the API is
 * announced before its answer, so the next read, in the same process, is fresh at once.
 */
describe('reads from memory, fresh after a write through the API', () => {
  let t: TestApp;
  let seller: User;
  let bidder: User;
  let operator: User;

  beforeAll(async () => {
    t = await startTestApp({ env: { READ_CACHE_CONFIRM_MS: '600000' } });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedora_memoria' });
    bidder = await insertUserWithToken(t, { username: 'postor_memoria' });
    operator = await insertOperator(t, 'operadora_memoria');
  });
  afterAll(() => t?.close());

  const get = async (path: string, token?: string) => {
    const res = await t.request('GET', path, token ? { token } : {});
    return res;
  };
  const ok = async (path: string, token?: string) => {
    const res = await get(path, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const browseItems = async (path: string) =>
    (await ok(path)).items as Array<{ product_id: number; price: number; bids_count: number }>;

  it('the auction list: a direct insert is not seen, an auction created through the API is', async () => {
    const list = '/api/auctions/list?page=1&size=50';
    const titles = async () => (await ok(list)).items.map((a: { title: string }) => a.title) as string[];
    await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), title: 'Lista primera' });
    expect(await titles()).toContain('Lista primera');

    await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), title: 'Lista directa' });
    expect(await titles()).not.toContain('Lista directa');

    const product = await insertProduct(t.ctx.db, seller.user.id, { name: 'Para la lista' });
    const created = await t.request('POST', '/api/auctions/create', {
      token: seller.token,
      body: {
        title: 'Lista por la API',
        min_offer: 0,
        max_offer: 0,
        is_flash: false,
        duration: 24,
        started_at: new Date(t.ctx.clock.now().getTime() - 1000).toISOString(),
        products: [product.id],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Scheduled, not yet running: not listed (this read confirms the page again).
    expect(await titles()).not.toContain('Lista por la API');
    // A GET that writes, announced all the same.
    const activated = await t.request('GET', `/api/auctions/${created.body.id}/activate`, {
      token: seller.token,
    });
    expect(activated.status).toBe(200);
    // The counter, checked because of the announcement, shows the direct insert as well.
    expect(await titles()).toEqual(expect.arrayContaining(['Lista por la API', 'Lista directa']));
  });

  it('a job that starts an auction announces it before the notification goes out', async () => {
    const list = '/api/auctions/list?page=1&size=50';
    const starter = await insertUserWithToken(t, { is_seller: true, username: 'vendedora_programada' });
    await ok(list);
    await insertAuction(t.ctx.db, starter.user.id, {
      now: t.ctx.clock.now(),
      status: 'upcoming',
      title: 'Empieza sola',
      startTime: new Date(t.ctx.clock.now().getTime() - 1000),
    });
    // Confirmed now: still served from memory unless something is announced.
    const freshness = readFreshness(t.ctx);
    const confirmed = freshness.confirm(freshness.begin(), null);
    expect(freshness.vouches(confirmed)).toBe(true);
    let vouchedAtNotice: boolean | undefined;
    let listedAtNotice: Promise<string[]> | undefined;
    const stop = await t.ctx.events.subscribe(channels.userNotifications(starter.user.id), () => {
      // A client reloading on the notification: its read must not be answered from memory.
      vouchedAtNotice ??= freshness.vouches(confirmed);
      listedAtNotice ??= ok(list).then((body) => body.items.map((a: { title: string }) => a.title));
    });
    try {
      await t.ctx.jobs.runDue();
    } finally {
      await stop();
    }
    expect(vouchedAtNotice).toBe(false);
    expect(await listedAtNotice).toContain('Empieza sola');
  });

  it('requests to no route, preflights and calls without a session are not announced as writes', async () => {
    const freshness = readFreshness(t.ctx);
    const confirmed = freshness.confirm(freshness.begin(), null);
    const nope = await t.request('POST', '/api/nope', { body: {} });
    expect(nope.status).toBe(404);
    const preflight = await t.request('OPTIONS', '/api/bids/create-bid', {
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBeLessThan(500);
    const anonymous = await t.request('POST', '/api/bids/create-bid', { body: {} });
    expect(anonymous.status).toBe(401);
    expect(freshness.vouches(confirmed)).toBe(true);
    // A call its handler answers still is (it may have written before refusing).
    const write = await t.request('POST', '/api/bids/create-bid', { token: bidder.token, body: {} });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(freshness.vouches(confirmed)).toBe(false);
  });

  it('a product auction page: a bid through the API shows at once; a takedown too', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Página en memoria',
    });
    const id = products[0]!.id;
    const page = `/api/auctions/get_auction_product_by_id/${id}`;
    const first = await ok(page, bidder.token);
    expect(first.products[0]).toMatchObject({ highest_bid: 0, bid_count: 0 });

    await t.ctx.db
      .updateTable('auctions')
      .set({ title: 'Título directo' })
      .where('id', '=', auction.id)
      .execute();
    const again = await ok(page, seller.token);
    expect(again.auction.title).toBe('Página en memoria');
    // server_time is the answer's own, never the cached one.
    expect(Date.parse(again.server_time)).toBeGreaterThanOrEqual(Date.parse(first.server_time));

    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: bidder.token,
      body: { auction_id: auction.id, product_id: id, amount: 150 },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    const after = await ok(page, seller.token);
    expect(after.products[0]).toMatchObject({ highest_bid: 150, bid_count: 1 });
    expect(after.bids.map((b: { amount: number; username: string }) => [b.amount, b.username])).toEqual([
      [150, 'postor_memoria'],
    ]);
    expect(after.auction.title).toBe('Título directo');

    const takedown = await t.request('POST', `/api/admin/products/${id}/takedown`, {
      token: operator.token,
      body: { reason: 'Artículo prohibido' },
    });
    expect(takedown.status).toBe(200);
    for (const token of [bidder.token, seller.token]) {
      const gone = await get(page, token);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(adminMessages.productTakenDown);
    }
  });

  it('a buy-now page: an edit through the API shows at once; taken down, only its owner sees it', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 90_000_00, 'Funko en memoria');
    const page = `/api/products/get_product_buy/${product.id}`;
    expect((await ok(page)).product.name).toBe('Funko en memoria');

    await t.ctx.db
      .updateTable('products')
      .set({ description: 'Directa' })
      .where('id', '=', product.id)
      .execute();
    expect((await ok(page, bidder.token)).product.description).not.toBe('Directa');

    const edited = await t.request('PUT', `/api/products/update/${product.id}`, {
      token: seller.token,
      body: { name: 'Funko editado' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await ok(page);
    expect(after.product).toMatchObject({ name: 'Funko editado', description: 'Directa' });
    expect(after.can_be_bought).toBe(true);

    const takedown = await t.request('POST', `/api/admin/products/${product.id}/takedown`, {
      token: operator.token,
      body: { reason: 'Artículo prohibido' },
    });
    expect(takedown.status).toBe(200);
    for (const token of [undefined, bidder.token]) {
      const gone = await get(page, token);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(adminMessages.productTakenDown);
    }
    expect((await ok(page, seller.token)).product.name).toBe('Funko editado');
    expect((await ok(page, operator.token)).product.name).toBe('Funko editado');
  });

  it("a live channel's greeting makes its product's page, and only it, checked at the next read", async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Saludo en vivo',
    });
    const [greeted, other] = [products[0]!.id, products[1]!.id];
    const page = (id: number) => `/api/auctions/get_auction_product_by_id/${id}`;
    const name = async (id: number) => (await ok(page(id), bidder.token)).products[0].name as string;
    await name(greeted);
    await name(other);
    // Written as another process would before its announcement reaches this one.
    await t.ctx.db
      .updateTable('products')
      .set({ name: 'Renombrado' })
      .where('id', 'in', [greeted, other])
      .execute();
    expect(await name(greeted)).not.toBe('Renombrado');

    const socket = await openSocket(wsUrl(t.url, `/auctions/api/bids/ws/bids/${auction.id}/${greeted}`));
    await socket.subscribed();
    expect(await name(greeted)).toBe('Renombrado');
    expect(await name(other)).not.toBe('Renombrado');
    await socket.close();
  });

  it('browsing: a bid alone through the API moves the price and bid count at once', async () => {
    const browse = '/api/catalog/browse?kind=auction&size=98';
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Solo una puja',
      productCount: 1,
    });
    const id = products[0]!.id;
    const item = async () => (await browseItems(browse)).find((i) => i.product_id === id);
    expect(await item()).toMatchObject({ bids_count: 0 });
    expect(await item()).toMatchObject({ bids_count: 0 });

    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: bidder.token,
      body: { auction_id: auction.id, product_id: id, amount: 320 },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    // Nothing but the bid was written: the browse answer must know of it by itself.
    expect(await item()).toMatchObject({ price: 320, bids_count: 1 });
  });

  it('browsing: an announced write also brings in what was written without announcement', async () => {
    const browse = '/api/catalog/browse?kind=auction&size=100';
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Para explorar',
      productCount: 1,
    });
    const listedIds = async () => (await browseItems(browse)).map((i) => i.product_id);
    expect(await listedIds()).toContain(products[0]!.id); // now in memory
    const direct = await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), productCount: 1 });
    const directId = direct.products[0]!.id;
    expect(await listedIds()).not.toContain(directId);

    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: bidder.token,
      body: { auction_id: auction.id, product_id: products[0]!.id, amount: 300 },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    expect(await listedIds()).toContain(directId);
  });

  it('an answer is not served past the time it holds: an auction product leaves browsing at its end', async () => {
    // A query not read before: its first answer is loaded, then only the clock moves, with no write.
    const browse = '/api/catalog/browse?kind=auction&size=99';
    const { products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      endTime: new Date(t.ctx.clock.now().getTime() + 30_000),
    });
    const ids = async () =>
      ((await ok(browse)).items as Array<{ product_id: number }>).map((i) => i.product_id);
    expect(await ids()).toContain(products[0]!.id);
    t.ctx.clock.advance(31);
    expect(await ids()).not.toContain(products[0]!.id);
  });
});
