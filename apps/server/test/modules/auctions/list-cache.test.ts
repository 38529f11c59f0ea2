import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeListCache } from '../../../src/modules/auctions/auctions.read-caches.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { testDatabaseKind } from '../../support/database.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;
const LIST = '/api/auctions/list?page=1&size=8';

/**
 * The public list is cached per page under a change counter that triggers move, so it follows
 * every write whoever makes it: the API and another process at once (they announce their
 * writes), a direct insert (here) within the confirmation age.
 */
describe('the cached auction list', () => {
  let t: TestApp & { databaseUrl?: string };
  let seller: User;
  let bidder: User;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedora_cache' });
    bidder = await insertUserWithToken(t, { username: 'postor_cache' });
  });
  afterAll(() => t?.close());

  const titles = async () => {
    const res = await t.request('GET', LIST);
    expect(res.status).toBe(200);
    return (res.body.items as Array<{ title: string }>).map((a) => a.title);
  };
  /** Waits for a direct insert to show (within the confirmation age: no server announced it). */
  const shows = (title: string) =>
    vi.waitFor(async () => expect(await titles()).toContain(title), { timeout: 3000, interval: 100 });
  /** Whether the next read of page 1 would be served from the cache (the load is not called). */
  const cached = async () => {
    const load = vi.fn(async () => ({
      value: { items: [], meta: {} } as never,
      validUntil: new Date(8.64e15),
    }));
    await activeListCache(t.ctx).get('1:8', load);
    const hit = load.mock.calls.length === 0;
    // A miss here stored the fake page: drop it so the next HTTP read loads the real one.
    if (!hit) activeListCache(t.ctx).clear();
    return hit;
  };

  it('serves a page again from memory; a direct insert, which no server announces, shows within a second', async () => {
    const first = await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), title: 'Primera' });
    expect(await titles()).toContain('Primera');
    expect(await cached()).toBe(true);
    await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), title: 'Segunda directa' });
    // The page's confirmation lasts a second (CONFIRMATION_MAX_MS); then the counter shows the insert.
    await vi.waitFor(
      async () => expect(await titles()).toEqual(expect.arrayContaining(['Primera', 'Segunda directa'])),
      { timeout: 3000, interval: 100 },
    );
    await t.ctx.db
      .updateTable('products')
      .set({ name: 'Nombre nuevo' })
      .where('id', '=', first.products[0]!.id)
      .execute();
    await vi.waitFor(
      async () => {
        const res = await t.request('GET', LIST);
        const cards = res.body.items.flatMap((a: { products: Array<{ name: string }> }) => a.products);
        expect(cards.map((p: { name: string }) => p.name)).toContain('Nombre nuevo');
      },
      { timeout: 3000, interval: 100 },
    );
  });

  it('bids do not empty it; a soft close that moves an auction end does', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Con pujas',
      durationHours: 48,
    });
    await shows('Con pujas');
    expect(await cached()).toBe(true);
    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: bidder.token,
      body: { auction_id: auction.id, product_id: products[0]!.id, amount: 100 },
    });
    expect(bid.status).toBe(201);
    expect(await cached()).toBe(true);

    // A bid a minute before the end moves it (soft close), and the auction's end with it.
    const closing = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Cierra pronto',
      endTime: new Date(t.ctx.clock.now().getTime() + 60_000),
    });
    await shows('Cierra pronto');
    expect(await cached()).toBe(true);
    const late = await t.request('POST', '/api/bids/create-bid', {
      token: bidder.token,
      body: { auction_id: closing.auction.id, product_id: closing.products[0]!.id, amount: 200 },
    });
    expect(late.status).toBe(201);
    expect(await cached()).toBe(false);
  });

  it('an auction leaves the list when its end passes, with no write at all', async () => {
    await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Termina pronto',
      endTime: new Date(t.ctx.clock.now().getTime() + 30_000),
    });
    await shows('Termina pronto');
    // The clock moves without running the jobs that would close it (and write).
    t.ctx.clock.advance(31);
    expect(await titles()).not.toContain('Termina pronto');
  });

  it('a search is never cached and sees the same data', async () => {
    await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), title: 'Ferrari buscada' });
    const res = await t.request('GET', `${LIST}&search=ferrari`);
    expect(res.body.items.map((a: { title: string }) => a.title)).toEqual(['Ferrari buscada']);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'follows writes made through another server process on the same PostgreSQL',
    async () => {
      const other = await startTestApp({ sharedDatabaseUrl: t.databaseUrl });
      try {
        await titles();
        const product = await insertProduct(t.ctx.db, seller.user.id, { name: 'Para otra' });
        const products = [product.id];
        const created = await other.request('POST', '/api/auctions/create', {
          token: seller.token,
          body: {
            title: 'Desde otro proceso',
            min_offer: 0,
            max_offer: 0,
            is_flash: false,
            duration: 24,
            started_at: new Date(t.ctx.clock.now().getTime() - 1000).toISOString(),
            products,
          },
        });
        expect(created.status).toBe(201);
        await other.request('GET', `/api/auctions/${created.body.id}/activate`, { token: seller.token });
        await vi.waitFor(async () => expect(await titles()).toContain('Desde otro proceso'), {
          timeout: 2000,
        });
      } finally {
        await other.close();
      }
    },
  );
});
