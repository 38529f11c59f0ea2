import { auctionFormMessages, auctionMessages, commonMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type Seller = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('auctions', () => {
  let t: TestApp;
  let seller: Seller;
  let rival: Seller;
  let buyer: Seller;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedora_a' });
    rival = await insertUserWithToken(t, { is_seller: true, username: 'vendedor_b' });
    buyer = await insertUserWithToken(t, { username: 'compradora' });
  });
  afterAll(() => t?.close());

  const create = (token: string | undefined, body: unknown) =>
    t.request('POST', '/api/auctions/create', { token, body });
  const products = async (owner: Seller, n = 2, overrides: Parameters<typeof insertProduct>[2] = {}) => {
    const list = [];
    for (let i = 0; i < n; i++)
      list.push(await insertProduct(t.ctx.db, owner.user.id, { name: `Auto ${i}`, ...overrides }));
    return list;
  };
  const product = (id: number) =>
    t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const isoIn = (ms: number) => new Date(t.ctx.clock.now().getTime() + ms).toISOString();

  describe('create', () => {
    it('creates an upcoming auction with manual start from own available products', async () => {
      const ps = await products(seller);
      const res = await create(seller.token, {
        title: '  Autos clásicos  ',
        min_offer: 1000,
        max_offer: 50000,
        is_flash: true,
        duration: 48,
        started_at: null,
        products: ps.map((p) => p.id),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Autos clásicos',
        status: 'upcoming',
        min_offer: 1000,
        max_offer: 50000,
        is_flash: true,
        duration: 48,
        start_time: null,
        end_time: null,
        owner_id: seller.user.id,
        product_count: 2,
      });
      expect(res.body.products.map((p: any) => p.id)).toEqual(ps.map((p) => p.id));
      for (const p of ps) {
        expect(await product(p.id)).toMatchObject({ status: 'in_auction', auction_id: res.body.id });
      }
    });

    it('applies the defaults of the create payload', async () => {
      const [p] = await products(seller, 1);
      const res = await create(seller.token, { title: 'Por defecto', products: [p!.id] });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        min_offer: 0,
        max_offer: 0,
        is_flash: false,
        duration: 24,
        status: 'upcoming',
      });
    });

    it('rejects each rule with its message', async () => {
      const [p] = await products(seller, 1);
      const base = { title: 'Subasta', products: [p!.id] };
      const cases: Array<[unknown, string]> = [
        [{ ...base, title: '' }, auctionFormMessages.titleRequired],
        [{ ...base, title: undefined }, auctionFormMessages.titleRequired],
        [{ ...base, min_offer: -1 }, auctionFormMessages.minOfferInvalid],
        [{ ...base, max_offer: -1 }, auctionFormMessages.maxOfferInvalid],
        [{ ...base, min_offer: 100, max_offer: 50 }, auctionFormMessages.maxOfferAboveMin],
        [{ ...base, min_offer: 100, max_offer: 100 }, auctionFormMessages.maxOfferAboveMin],
        [{ ...base, duration: 0 }, auctionFormMessages.durationRange],
        [{ ...base, duration: 169 }, auctionFormMessages.durationRange],
        [{ ...base, started_at: isoIn(-3600_000) }, auctionFormMessages.startInPast],
        [{ ...base, started_at: isoIn(7 * 24 * 3600_000 + 600_000) }, auctionFormMessages.startTooFar],
        [{ ...base, started_at: 'pronto' }, auctionFormMessages.startInvalid],
        [{ ...base, products: [] }, auctionFormMessages.productsRequired],
      ];
      for (const [body, message] of cases) {
        const res = await create(seller.token, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.errors).toContain(message);
      }
      expect((await product(p!.id)).status).toBe('available');
    });

    it('needs a token and a seller', async () => {
      const [p] = await products(seller, 1);
      expect((await create(undefined, { title: 'x', products: [p!.id] })).status).toBe(401);
      const res = await create(buyer.token, { title: 'x', products: [p!.id] });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(commonMessages.sellerOnly);
      expect((await product(p!.id)).status).toBe('available');
    });

    it("refuses another seller's products (404) and products not available (409), changing nothing", async () => {
      const [mine] = await products(seller, 1);
      const [theirs] = await products(rival, 1);
      let res = await create(seller.token, { title: 'x', products: [mine!.id, theirs!.id] });
      expect(res.status).toBe(404);
      res = await create(seller.token, { title: 'x', products: [999_999] });
      expect(res.status).toBe(404);
      expect((await product(mine!.id)).status).toBe('available');
      expect((await product(theirs!.id)).status).toBe('available');

      const [sold] = await products(seller, 1, { status: 'sold' });
      res = await create(seller.token, { title: 'x', products: [mine!.id, sold!.id] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(auctionMessages.productsUnavailable);
      expect((await product(mine!.id)).status).toBe('available');

      expect((await create(seller.token, { title: 'primera', products: [mine!.id] })).status).toBe(201);
      res = await create(seller.token, { title: 'segunda', products: [mine!.id] });
      expect(res.status).toBe(409);
    });

    it('lets only one of many concurrent creates take the same product', async () => {
      const ps = await products(seller, 3);
      const ids = ps.map((p) => p.id);
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          create(seller.token, { title: `carrera ${i}`, products: i % 2 ? ids : [...ids].reverse() }),
        ),
      );
      expect(responses.filter((r) => r.status >= 500)).toEqual([]);
      const ok = responses.filter((r) => r.status === 201);
      expect(ok).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(9);
      const links = await t.ctx.db
        .selectFrom('auction_products')
        .selectAll()
        .where('product_id', 'in', ids)
        .execute();
      expect(links).toHaveLength(3);
      expect(new Set(links.map((l) => l.auction_id))).toEqual(new Set([ok[0]!.body.id]));
    });

    it('rejects hostile input without a 5xx', async () => {
      const bodies: unknown[] = [
        null,
        [],
        'title=x',
        { title: { $ne: '' }, products: [1] },
        { title: 'x'.repeat(10_000), products: [1] },
        { title: 'x', products: ['1; drop table auctions'] },
        { title: 'x', products: [1.5] },
        { title: 'x', products: [-1] },
        { title: 'x', products: 'all' },
        { title: 'x', products: [1], min_offer: 1e300 },
        { title: 'x', products: [1], duration: '24' },
        { title: 'x', products: [1], started_at: 12345 },
      ];
      for (const body of bodies) {
        const res = await create(seller.token, body);
        expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      }
    });
  });

  describe('scheduled start and activation', () => {
    it('starts a scheduled auction by itself at its start time and tells the seller', async () => {
      const ps = await products(seller);
      const start = isoIn(2 * 3600_000);
      const res = await create(seller.token, {
        title: 'Programada',
        duration: 2,
        started_at: start,
        products: ps.map((p) => p.id),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'upcoming', start_time: start });
      expect(res.body.end_time).toBe(new Date(Date.parse(start) + 2 * 3600_000).toISOString());

      await t.advanceClock(3600);
      let row = await t.ctx.db
        .selectFrom('auctions')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('upcoming');
      await t.advanceClock(3600 + 1);
      row = await t.ctx.db
        .selectFrom('auctions')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('active');
      const notes = await t.request('GET', '/api/notifications', { token: seller.token });
      expect(
        notes.body.data.some((n: any) => n.type === 'auction_started' && n.message.includes('Programada')),
      ).toBe(true);

      // It is now biddable and listed.
      const bid = await t.request('POST', '/api/bids/create-bid', {
        token: buyer.token,
        body: { amount: 10, auction_id: res.body.id, product_id: ps[0]!.id },
      });
      expect(bid.status).toBe(201);
    });

    it('activates an upcoming auction for its owner only, once (GET and POST)', async () => {
      const ps = await products(seller);
      const created = await create(seller.token, {
        title: 'Manual',
        duration: 5,
        products: ps.map((p) => p.id),
      });
      const id = created.body.id;

      expect((await t.request('GET', `/api/auctions/${id}/activate`)).status).toBe(401);
      const other = await t.request('GET', `/api/auctions/${id}/activate`, { token: rival.token });
      expect(other.status).toBe(403);
      expect((await t.request('GET', `/api/auctions/${id}/activate`, { token: buyer.token })).status).toBe(
        403,
      );
      expect((await t.request('GET', '/api/auctions/999999/activate', { token: seller.token })).status).toBe(
        404,
      );
      expect((await t.request('GET', '/api/auctions/abc/activate', { token: seller.token })).status).toBe(
        400,
      );
      let row = await t.ctx.db
        .selectFrom('auctions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('upcoming');

      const now = t.ctx.clock.now().getTime();
      const res = await t.request('GET', `/api/auctions/${id}/activate`, { token: seller.token });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('active');
      const start = Date.parse(res.body.start_time);
      expect(Math.abs(start - now)).toBeLessThan(5000);
      expect(Date.parse(res.body.end_time) - start).toBe(5 * 3600_000);

      const again = await t.request('POST', `/api/auctions/${id}/activate`, { token: seller.token });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(auctionMessages.onlyUpcoming);
      row = await t.ctx.db.selectFrom('auctions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.start_time!.getTime()).toBe(start);

      const notes = await t.request('GET', '/api/notifications', { token: seller.token });
      expect(notes.body.data[0]).toMatchObject({ type: 'auction_started', title: 'Tu subasta ha comenzado' });
    });

    it('activates with POST too, and only one of concurrent activations wins', async () => {
      const ps = await products(seller, 1);
      const { body } = await create(seller.token, { title: 'Doble', products: ps.map((p) => p.id) });
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.request('POST', `/api/auctions/${body.id}/activate`, { token: seller.token }),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(5);
    });
  });
});
