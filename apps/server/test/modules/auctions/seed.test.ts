import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const DEMO_PASSWORD = 'Demo12345!';

describe('demo auctions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t?.close());

  const userId = async (username: string) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  it('gives vendedor_demo two active auctions ending in 2 to 5 days and one upcoming without a start', async () => {
    const token = await t.login('vendedor@demo.test', DEMO_PASSWORD);
    const res = await t.request('GET', '/api/auctions/get_seller_auctions', { token });
    expect(res.status).toBe(200);
    const active = res.body.items.filter((a: any) => a.status === 'active');
    const upcoming = res.body.items.filter((a: any) => a.status === 'upcoming');
    expect(active.length).toBeGreaterThanOrEqual(2);
    const now = t.ctx.clock.now().getTime();
    for (const a of active) {
      expect(a.product_count).toBeGreaterThanOrEqual(2);
      const days = (Date.parse(a.end_time) - now) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(2);
      expect(days).toBeLessThanOrEqual(5);
    }
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ start_time: null, end_time: null });

    // The seller can start it by hand.
    const activated = await t.request('POST', `/api/auctions/${upcoming[0].id}/activate`, { token });
    expect(activated.status).toBe(200);
  });

  it('gives tienda_retro one active auction, public on its profile', async () => {
    const res = await t.request(
      'GET',
      `/api/auctions/get_auction_by_seller_id/${await userId('tienda_retro')}`,
    );
    expect(res.body.items.length).toBeGreaterThanOrEqual(1);
  });

  it('has bids from both buyers on the active auctions, obeying the rules', async () => {
    const buyers = [await userId('comprador_demo'), await userId('coleccionista_demo')];
    const bids = await t.ctx.db.selectFrom('bids').selectAll().orderBy('id').execute();
    expect(new Set(bids.map((b) => b.user_id))).toEqual(new Set(buyers));
    const races = await t.ctx.db
      .selectFrom('auction_products')
      .selectAll()
      .where('bid_count', '>', 0)
      .execute();
    for (const race of races) {
      const history = bids.filter(
        (b) => b.auction_id === race.auction_id && b.product_id === race.product_id,
      );
      expect(history).toHaveLength(race.bid_count);
      expect(race.highest_bid).toBe(history.at(-1)!.amount);
    }
    const list = await t.request('GET', '/api/auctions/list?size=100');
    expect(list.body.items.length).toBeGreaterThanOrEqual(3);
  });
});
