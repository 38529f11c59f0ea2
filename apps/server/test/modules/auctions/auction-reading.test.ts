import { auctionMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type Seller = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('auctions: reading', () => {
  let t: TestApp;
  let buyer: Seller;

  beforeAll(async () => {
    t = await startTestApp();
    buyer = await insertUserWithToken(t, { username: 'compradora' });
  });
  afterAll(() => t?.close());

  let live: Awaited<ReturnType<typeof insertAuction>>;
  let live2: Awaited<ReturnType<typeof insertAuction>>;
  let upcoming: Awaited<ReturnType<typeof insertAuction>>;
  let otherSeller: Seller;

  beforeAll(async () => {
    otherSeller = await insertUserWithToken(t, { is_seller: true, username: 'lectora' });
    const now = t.ctx.clock.now();
    live = await insertAuction(t.ctx.db, otherSeller.user.id, {
      now,
      title: 'Figuras Funko raras',
      productCount: 5,
      minOffer: 500_00,
      maxOffer: 10_000_00,
      durationHours: 10,
      product: {
        reserve_price: 80_000_00,
        base_price: 1_000_00,
        can_be_bought: true,
        sell_price: 200_000_00,
      },
    });
    live2 = await insertAuction(t.ctx.db, otherSeller.user.id, {
      now,
      title: 'Cartas Pokémon',
      durationHours: 5,
    });
    upcoming = await insertAuction(t.ctx.db, otherSeller.user.id, {
      now,
      status: 'upcoming',
      title: 'Pronto',
    });
  });

  it('lists active auctions publicly, ending soonest first, paginated', async () => {
    const res = await t.request('GET', '/api/auctions/list?page=1&size=100');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((a: any) => a.id);
    expect(ids).toContain(live.auction.id);
    expect(ids).not.toContain(upcoming.auction.id);
    expect(ids.indexOf(live2.auction.id)).toBeLessThan(ids.indexOf(live.auction.id));
    expect(res.body.items.every((a: any) => a.status === 'active')).toBe(true);
    const item = res.body.items.find((a: any) => a.id === live.auction.id);
    expect(item).toMatchObject({
      title: 'Figuras Funko raras',
      min_offer: 500,
      max_offer: 10000,
      is_flash: false,
      product_count: 5,
    });
    expect(item.products[0]).toEqual({
      id: live.products[0]!.id,
      name: live.products[0]!.name,
      image: null,
      thumbnail: null,
    });
    expect(item.end_time).toMatch(/Z$/);

    const page = await t.request('GET', '/api/auctions/list');
    expect(page.body.meta).toMatchObject({ page: 1, size: 8 });
    const one = await t.request('GET', '/api/auctions/list?page=2&size=1');
    expect(one.body.items).toHaveLength(1);
    expect(one.body.meta).toEqual({
      total: res.body.meta.total,
      pages: res.body.meta.total,
      page: 2,
      size: 1,
    });
    for (const bad of ['size=101', 'size=0', 'page=0', 'page=abc']) {
      expect((await t.request('GET', `/api/auctions/list?${bad}`)).status).toBe(400);
    }
  });

  it('searches by title or product name, accents and case ignored, wildcards literal', async () => {
    let res = await t.request('GET', `/api/auctions/list?search=${encodeURIComponent('POKEMON')}&size=100`);
    expect(res.body.items.map((a: any) => a.id)).toEqual([live2.auction.id]);
    res = await t.request(
      'GET',
      `/api/auctions/list?search=${encodeURIComponent(live.products[3]!.name)}&size=100`,
    );
    expect(res.body.items.map((a: any) => a.id)).toContain(live.auction.id);
    res = await t.request('GET', `/api/auctions/list?search=${encodeURIComponent("%' or 1=1 --")}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    res = await t.request('GET', `/api/auctions/list?search=${encodeURIComponent('_')}`);
    expect(res.body.items).toEqual([]);
  });

  it('drops auctions past their end from the list even before they close', async () => {
    const now = t.ctx.clock.now();
    const ending = await insertAuction(t.ctx.db, otherSeller.user.id, {
      now,
      title: 'Termina ya',
      startTime: new Date(now.getTime() - 3600_000),
      endTime: new Date(now.getTime() + 500),
    });
    t.ctx.clock.advance(1);
    const res = await t.request('GET', '/api/auctions/list?size=100');
    expect(res.body.items.map((a: any) => a.id)).not.toContain(ending.auction.id);
  });

  it('gives the products of an auction with catalogue names', async () => {
    const res = await t.request('GET', `/api/auctions/get_products_by_auction_id/${live.auction.id}`, {
      token: buyer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.auction).toMatchObject({
      id: live.auction.id,
      title: 'Figuras Funko raras',
      status: 'active',
    });
    expect(res.body.products).toHaveLength(5);
    expect(res.body.products[0]).toMatchObject({
      id: live.products[0]!.id,
      auction_id: live.auction.id,
      brand: expect.any(String),
      category: 'Autos die-cast',
      scale: expect.any(String),
      year: 2020,
      reserve_price: 80000,
      sell_price: 200000,
      can_be_bought: true,
      initial_bid: 1000,
      highest_bid: 0,
      bid_count: 0,
      min_offer: 500,
      max_offer: 10000,
    });
    expect(
      (await t.request('GET', `/api/auctions/get_products_by_auction_id/${live.auction.id}`)).status,
    ).toBe(401);
    expect(
      (await t.request('GET', '/api/auctions/get_products_by_auction_id/999999', { token: buyer.token }))
        .status,
    ).toBe(404);
  });

  it('gives the product auction page with owner, newest-first bids and the server time', async () => {
    const p = live.products[1]!.id;
    for (const amount of [500, 1000, 1500]) {
      const bid = await t.request('POST', '/api/bids/create-bid', {
        token: buyer.token,
        body: { amount, auction_id: live.auction.id, product_id: p },
      });
      expect(bid.status).toBe(201);
    }
    const res = await t.request('GET', `/api/auctions/get_auction_product_by_id/${p}`, {
      token: buyer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.auction).toMatchObject({ id: live.auction.id, status: 'active' });
    // The bid rules and the effective end are carried once, at the top.
    expect(res.body).toMatchObject({ min_offer: 500, max_offer: 10000 });
    expect(res.body.auction).not.toHaveProperty('min_offer');
    expect(res.body.auction).not.toHaveProperty('end_time');
    expect(res.body.products[0]).toMatchObject({
      id: p,
      highest_bid: 1500,
      current_bid: 1500,
      bid_count: 3,
      reserve_price: 80000,
      initial_bid: 1000,
    });
    // A seller without sales: 'nuevo', over the long period.
    expect(res.body.owner).toEqual({
      id: otherSeller.user.id,
      username: 'lectora',
      avatar: null,
      reputation: {
        level: 'nuevo',
        period_days: 365,
        sales: 0,
        claims_rate: 0,
        late_shipping_rate: 0,
        cancellation_rate: 0,
      },
    });
    expect(res.body.bids.map((b: any) => b.amount)).toEqual([1500, 1000, 500]);
    expect(res.body).toMatchObject({
      min_offer: 500,
      max_offer: 10000,
      end_time: live.auction.end_time!.toISOString(),
    });
    expect(Math.abs(Date.parse(res.body.server_time) - t.ctx.clock.now().getTime())).toBeLessThan(5000);

    const none = await insertProduct(t.ctx.db, otherSeller.user.id);
    const missing = await t.request('GET', `/api/auctions/get_auction_product_by_id/${none.id}`, {
      token: buyer.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(auctionMessages.noAuctionInfo);
    expect((await t.request('GET', `/api/auctions/get_auction_product_by_id/${p}`)).status).toBe(401);
  });

  it("lists the seller's own auctions in every status, with search", async () => {
    const res = await t.request('GET', '/api/auctions/get_seller_auctions', { token: otherSeller.token });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((a: any) => a.id);
    expect(ids).toEqual(expect.arrayContaining([live.auction.id, live2.auction.id, upcoming.auction.id]));
    expect(res.body.items.every((a: any) => a.owner_id === otherSeller.user.id)).toBe(true);
    const search = await t.request('GET', '/api/auctions/get_seller_auctions?search=pronto', {
      token: otherSeller.token,
    });
    expect(search.body.items.map((a: any) => a.id)).toEqual([upcoming.auction.id]);
    const others = await t.request('GET', '/api/auctions/get_seller_auctions', { token: buyer.token });
    expect(others.body.items).toEqual([]);
    expect((await t.request('GET', '/api/auctions/get_seller_auctions')).status).toBe(401);
  });

  it("lists a seller's active auctions publicly", async () => {
    const res = await t.request('GET', `/api/auctions/get_auction_by_seller_id/${otherSeller.user.id}`);
    expect(res.status).toBe(200);
    const ids = res.body.items.map((a: any) => a.id);
    expect(ids).toEqual(expect.arrayContaining([live.auction.id, live2.auction.id]));
    expect(ids).not.toContain(upcoming.auction.id);
    expect((await t.request('GET', '/api/auctions/get_auction_by_seller_id/abc')).status).toBe(400);
    expect((await t.request('GET', '/api/auctions/get_auction_by_seller_id/999999')).body.items).toEqual([]);
  });

  it('gives the logged-in user their totals', async () => {
    const buyerTotals = await t.request('GET', '/api/auctions/get_totals', { token: buyer.token });
    expect(buyerTotals.status).toBe(200);
    expect(buyerTotals.body).toEqual({
      total_bids: expect.any(Number),
      total_wins: 0,
      total_sales: 0,
      active_auctions: 0,
    });
    expect(buyerTotals.body.total_bids).toBeGreaterThanOrEqual(3);
    const sellerTotals = await t.request('GET', '/api/auctions/get_totals', { token: otherSeller.token });
    expect(sellerTotals.body.active_auctions).toBeGreaterThanOrEqual(2);
    expect((await t.request('GET', '/api/auctions/get_totals')).status).toBe(401);
  });
});
