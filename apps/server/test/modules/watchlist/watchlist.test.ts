import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWatchlistService } from '../../../src/modules/watchlist/watchlist.service.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('watchlist', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUserWithToken>>;
  let ana: Awaited<ReturnType<typeof insertUserWithToken>>;
  let beto: Awaited<ReturnType<typeof insertUserWithToken>>;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'wl_vendedora' });
    ana = await insertUserWithToken(t, { username: 'wl_ana' });
    beto = await insertUserWithToken(t, { username: 'wl_beto' });
  });
  afterAll(() => t?.close());

  const list = async (token: string) =>
    (await t.request('GET', '/api/watchlist', { token })).body.items as any[];
  const endingSoon = async (token: string) =>
    ((await t.request('GET', '/api/notifications?size=100', { token })).body.data as any[]).filter(
      (n) => n.type === 'ending_soon',
    );

  it('adds idempotently, lists with the contract shape, removes; each user sees only their own', async () => {
    const plain = await insertProduct(t.ctx.db, seller.user.id, { name: 'Figura suelta' });
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
    });
    const inAuction = products[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', `/api/watchlist/${plain.id}`, { token: ana.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ product_id: plain.id, watching: true });
    }
    expect((await t.request('POST', `/api/watchlist/${inAuction.id}`, { token: ana.token })).status).toBe(
      200,
    );
    expect(
      (
        await t.request('POST', '/api/bids/create-bid', {
          token: beto.token,
          body: { amount: 250, auction_id: auction.id, product_id: inAuction.id },
        })
      ).status,
    ).toBe(201);

    const items = await list(ana.token);
    expect(items).toEqual([
      {
        product_id: inAuction.id,
        name: inAuction.name,
        image: null,
        status: 'in_auction',
        auction_id: auction.id,
        end_time: auction.end_time!.toISOString(),
        highest_bid: 250,
      },
      {
        product_id: plain.id,
        name: 'Figura suelta',
        image: null,
        status: 'available',
        auction_id: null,
        end_time: null,
        highest_bid: null,
      },
    ]);
    expect(await list(beto.token)).toEqual([]);

    // Removing is idempotent too, and another user's removal touches nothing of ana's.
    expect((await t.request('DELETE', `/api/watchlist/${plain.id}`, { token: beto.token })).status).toBe(200);
    expect(await list(ana.token)).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      const res = await t.request('DELETE', `/api/watchlist/${plain.id}`, { token: ana.token });
      expect(res.status).toBe(200);
      expect(res.body.watching).toBe(false);
    }
    expect((await list(ana.token)).map((i) => i.product_id)).toEqual([inAuction.id]);
  });

  it('needs a token, 404s an unknown product and rejects hostile ids', async () => {
    expect((await t.request('GET', '/api/watchlist')).status).toBe(401);
    expect((await t.request('POST', '/api/watchlist/1')).status).toBe(401);
    expect((await t.request('DELETE', '/api/watchlist/1')).status).toBe(401);
    expect((await t.request('POST', '/api/watchlist/999999', { token: ana.token })).status).toBe(404);
    for (const bad of ['abc', '-1', '0', '1e20', "1' or '1'='1"]) {
      const res = await t.request('POST', `/api/watchlist/${encodeURIComponent(bad)}`, { token: ana.token });
      expect(res.status, bad).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('takes what a generic JSON client sends along (an empty object, a JSON label with no body)', async () => {
    const p = await insertProduct(t.ctx.db, seller.user.id, { name: 'Carta con cuerpo' });
    const json = { 'content-type': 'application/json' };
    for (const method of ['POST', 'DELETE', 'POST']) {
      const withObject = await t.request(method, `/api/watchlist/${p.id}`, { token: ana.token, body: {} });
      expect(withObject.status, method).toBe(200);
      const labelled = await t.request(method, `/api/watchlist/${p.id}`, { token: ana.token, headers: json });
      expect(labelled.status, method).toBe(200);
    }
    expect((await list(ana.token)).map((i) => i.product_id)).toContain(p.id);
    // A path-only route still reads no more than a small body.
    const big = await t.request('POST', `/api/watchlist/${p.id}`, {
      token: ana.token,
      body: { padding: 'x'.repeat(4_000) },
    });
    expect(big.status).toBe(413);
    expect(typeof big.body.message).toBe('string');
  });

  it('sends one ending_soon 15 minutes before the effective end, once, to each watcher', async () => {
    const now = t.ctx.clock.now();
    const { products } = await insertAuction(t.ctx.db, seller.user.id, {
      now,
      productCount: 1,
      startTime: new Date(now.getTime() - 3600_000),
      endTime: new Date(now.getTime() + 20 * 60_000),
    });
    const p = products[0]!;
    for (const u of [ana, beto]) await t.request('POST', `/api/watchlist/${p.id}`, { token: u.token });
    const before = (await endingSoon(ana.token)).length;

    await t.advanceClock(4 * 60); // 16 minutes left: not yet
    expect(await endingSoon(ana.token)).toHaveLength(before);
    await t.advanceClock(2 * 60); // 14 minutes left
    const notes = await endingSoon(ana.token);
    expect(notes).toHaveLength(before + 1);
    expect(notes[0]).toMatchObject({
      title: 'Un favorito está por terminar',
      link: `/auctions/product/${p.id}`,
    });
    expect(notes[0].message).toBe(`"${p.name}" termina en 15 minutos. ¡Aún puedes pujar!`);
    expect(await endingSoon(beto.token)).toHaveLength(1);

    // Later runs, and two processes racing, send nothing more.
    await t.advanceClock(60);
    const one = createWatchlistService(t.ctx);
    const two = createWatchlistService(t.ctx);
    const later = t.ctx.clock.now();
    expect(
      (await Promise.all([one.warnEndingSoon(later), two.warnEndingSoon(later)])).reduce((a, b) => a + b),
    ).toBe(0);
    expect(await endingSoon(ana.token)).toHaveLength(before + 1);
  });

  it('uses the effective end: a soft-close extension does not warn twice, and two processes warn once', async () => {
    const now = t.ctx.clock.now();
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now,
      productCount: 1,
      startTime: new Date(now.getTime() - 3600_000),
      endTime: new Date(now.getTime() + 60 * 60_000),
    });
    const p = products[0]!;
    const watchers = [ana, beto, ...(await Promise.all([1, 2, 3].map(() => insertUserWithToken(t))))];
    for (const u of watchers) await t.request('POST', `/api/watchlist/${p.id}`, { token: u.token });
    const before = (await endingSoon(ana.token)).length;
    t.ctx.clock.advance(46 * 60); // 14 minutes left, no job run yet
    const later = t.ctx.clock.now();
    const [a, b] = await Promise.all([
      createWatchlistService(t.ctx).warnEndingSoon(later),
      createWatchlistService(t.ctx).warnEndingSoon(later),
    ]);
    expect(a + b).toBe(watchers.length);
    await t.advanceClock(14 * 60 - 30); // 30 s left: a bid extends the product
    const res = await t.request('POST', '/api/bids/create-bid', {
      token: beto.token,
      body: { amount: 10, auction_id: auction.id, product_id: p.id },
    });
    expect(res.status).toBe(201);
    await t.advanceClock(60);
    expect(await endingSoon(ana.token)).toHaveLength(before + 1);

    // Removing the product and watching it again does not bring the warning back.
    expect((await t.request('DELETE', `/api/watchlist/${p.id}`, { token: ana.token })).status).toBe(200);
    expect((await t.request('POST', `/api/watchlist/${p.id}`, { token: ana.token })).status).toBe(200);
    await t.advanceClock(1);
    expect(await endingSoon(ana.token)).toHaveLength(before + 1);
  });
});
