import { bidMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('proxy (maximum) bids', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUserWithToken>>;
  let ana: Awaited<ReturnType<typeof insertUserWithToken>>;
  let beto: Awaited<ReturnType<typeof insertUserWithToken>>;
  let caro: Awaited<ReturnType<typeof insertUserWithToken>>;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'px_vendedora' });
    ana = await insertUserWithToken(t, { username: 'px_ana' });
    beto = await insertUserWithToken(t, { username: 'px_beto' });
    caro = await insertUserWithToken(t, { username: 'px_caro' });
  });
  afterAll(() => t?.close());

  const newAuction = (options: Partial<Parameters<typeof insertAuction>[2]> = {}) =>
    insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), productCount: 1, ...options });
  /** Bids on the auction's first product; amounts in pesos. */
  const on = (a: Awaited<ReturnType<typeof newAuction>>) => {
    const auction_id = a.auction.id;
    const product_id = a.products[0]!.id;
    return {
      bid: (token: string, amount: number, max_amount?: number) =>
        t.request('POST', '/api/bids/create-bid', {
          token,
          body: { amount, auction_id, product_id, ...(max_amount === undefined ? {} : { max_amount }) },
        }),
      history: async () =>
        (
          (
            await t.request('GET', `/api/bids/get_bids_by_auction/${auction_id}/${product_id}`, {
              token: caro.token,
            })
          ).body as any[]
        )
          .reverse()
          .map((b) => [b.username.replace('px_', ''), b.amount, b.auto]),
      max: (token: string) => t.request('GET', `/api/bids/max/${auction_id}/${product_id}`, { token }),
      raise: (token: string, max_amount: unknown) =>
        t.request('PUT', `/api/bids/max/${auction_id}/${product_id}`, { token, body: { max_amount } }),
      page: async () =>
        (
          await t.request('GET', `/api/auctions/get_auction_product_by_id/${product_id}`, {
            token: caro.token,
          })
        ).body,
      auction_id,
      product_id,
    };
  };
  const outbidNotes = async (token: string, productId: number) =>
    ((await t.request('GET', '/api/notifications?size=100', { token })).body.data as any[]).filter(
      (n) => n.type === 'outbid' && n.link === `/auctions/product/${productId}`,
    );

  it('a single ceiling answers a lower bid at the smallest step, notifies and broadcasts it', async () => {
    const p = on(await newAuction());
    const live = await openSocket(wsUrl(t.url, `/auctions/api/bids/ws/bids/${p.auction_id}/${p.product_id}`));
    expect((await p.bid(ana.token, 100, 500)).status).toBe(201);
    const res = await p.bid(beto.token, 200);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 200, auto: false, highest_bid: 201 });
    expect(await p.history()).toEqual([
      ['ana', 100, false],
      ['beto', 200, false],
      ['ana', 201, true],
    ]);
    const auto = await live.waitFor((m) => m.message === 'new_bid' && m.bid.auto === true);
    expect(auto).toMatchObject({ bid: { amount: 201, username: 'px_ana' }, highest_bid: 201, bid_count: 3 });
    expect(live.messages.map((m) => m.bid.amount)).toEqual([100, 200, 201]);
    await live.close();
    const notes = await outbidNotes(beto.token, p.product_id);
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain('$201');
    expect(await outbidNotes(ana.token, p.product_id)).toHaveLength(0);
    const page = await p.page();
    expect(page.products[0]).toMatchObject({ highest_bid: 201, bid_count: 3 });
    expect(page.bids[0]).toMatchObject({ amount: 201, auto: true });
  });

  it('a bid above the ceiling wins and leaves the ceiling unused', async () => {
    const p = on(await newAuction());
    await p.bid(ana.token, 100, 500);
    const res = await p.bid(beto.token, 600);
    expect(res.body).toMatchObject({ amount: 600, highest_bid: 600 });
    expect(await p.history()).toEqual([
      ['ana', 100, false],
      ['beto', 600, false],
    ]);
    expect((await outbidNotes(ana.token, p.product_id)).at(0)?.message).toContain('$600');
  });

  it('proxy against proxy: the higher ceiling wins at the losing ceiling + 1, the loser placed first', async () => {
    let p = on(await newAuction());
    await p.bid(ana.token, 100, 500);
    let res = await p.bid(beto.token, 150, 300);
    expect(res.body.highest_bid).toBe(301);
    expect(await p.history()).toEqual([
      ['ana', 100, false],
      ['beto', 150, false],
      ['beto', 300, true],
      ['ana', 301, true],
    ]);

    // The newcomer holds the higher ceiling.
    p = on(await newAuction());
    await p.bid(ana.token, 100, 300);
    res = await p.bid(beto.token, 150, 500);
    expect(res.body.highest_bid).toBe(301);
    expect(await p.history()).toEqual([
      ['ana', 100, false],
      ['beto', 150, false],
      ['ana', 300, true],
      ['beto', 301, true],
    ]);
    expect((await outbidNotes(ana.token, p.product_id)).at(0)?.message).toContain('$301');

    // A ceiling set later by a third bidder meets a new one: one decision settles them.
    p = on(await newAuction());
    await p.bid(ana.token, 100, 400);
    await p.bid(beto.token, 150, 350); // beto 350 auto, ana 351 auto
    res = await p.bid(caro.token, 500, 900);
    expect(res.body.highest_bid).toBe(500);
    res = await p.bid(beto.token, 600, 1000); // caro 900 auto, beto 901 auto
    expect(res.body.highest_bid).toBe(901);
    expect((await p.history()).slice(-3)).toEqual([
      ['beto', 600, false],
      ['caro', 900, true],
      ['beto', 901, true],
    ]);
  });

  it('equal ceilings: the one set first wins', async () => {
    const p = on(await newAuction());
    await p.bid(ana.token, 100, 400);
    const res = await p.bid(beto.token, 150, 400);
    expect(res.body.highest_bid).toBe(400);
    expect(await p.history()).toEqual([
      ['ana', 100, false],
      ['beto', 150, false],
      ['ana', 400, true],
    ]);
  });

  it('nobody outbids themselves', async () => {
    const p = on(await newAuction());
    await p.bid(ana.token, 100, 500);
    await p.bid(ana.token, 120, 800); // the leader raising her own bid: no automatic answer
    expect(await p.history()).toEqual([
      ['ana', 100, false],
      ['ana', 120, false],
    ]);
    await p.bid(beto.token, 700); // beto 700, ana 701
    await p.bid(beto.token, 750); // beto 750, ana 751
    await p.bid(beto.token, 790, 790); // beto's ceiling 790 < ana's 800: ana answers 791
    expect((await p.history()).slice(2)).toEqual([
      ['beto', 700, false],
      ['ana', 701, true],
      ['beto', 750, false],
      ['ana', 751, true],
      ['beto', 790, false],
      ['ana', 791, true],
    ]);
    expect(await outbidNotes(ana.token, p.product_id)).toHaveLength(0);
  });

  it('automatic bids obey min_offer (capped at the ceiling) but not max_offer', async () => {
    let p = on(await newAuction({ minOffer: 10_00 }));
    await p.bid(ana.token, 100, 500);
    let res = await p.bid(beto.token, 110);
    expect(res.body.highest_bid).toBe(120);
    // A ceiling that cannot make a valid step (below highest + min_offer) does not bid.
    res = await p.bid(beto.token, 495);
    expect(res.body.highest_bid).toBe(495);
    expect((await p.history()).at(-1)).toEqual(['beto', 495, false]);

    // Proxy duel with a minimum of 10: the loser's 300 first, then 310.
    p = on(await newAuction({ minOffer: 10_00 }));
    await p.bid(ana.token, 100, 500);
    res = await p.bid(beto.token, 150, 300);
    expect(res.body.highest_bid).toBe(310);

    // max_offer 50 caps what a person types, not the automatic bids.
    p = on(await newAuction({ maxOffer: 50_00 }));
    await p.bid(ana.token, 50, 1000);
    res = await p.bid(beto.token, 100, 900);
    expect(res.body.highest_bid).toBe(901);
    expect((await p.history()).slice(-2)).toEqual([
      ['beto', 900, true],
      ['ana', 901, true],
    ]);
    res = await p.bid(beto.token, 1000);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(bidMessages.maxIncrement(50));
  });

  it('a ceiling is seen only by its owner; the leader raises it with PUT', async () => {
    const p = on(await newAuction());
    expect((await p.max(ana.token)).body).toEqual({ max_amount: null });
    await p.bid(ana.token, 100, 4321);
    expect((await p.max(ana.token)).body).toEqual({ max_amount: 4321 });
    expect((await p.max(beto.token)).body).toEqual({ max_amount: null });
    expect((await p.max(seller.token)).body).toEqual({ max_amount: null });
    expect((await t.request('GET', `/api/bids/max/${p.auction_id}/${p.product_id}`)).status).toBe(401);
    // Nothing that is not the owner's own leaks in the history, the page or the live message.
    expect(JSON.stringify(await p.page())).not.toContain('4321');
    expect(JSON.stringify(await p.history())).not.toContain('4321');

    // Only the leader, only above the current bid.
    let res = await p.raise(beto.token, 900);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(bidMessages.maxNotLeader);
    res = await p.raise(ana.token, 100);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(bidMessages.maxTooLow(100));
    for (const bad of [-1, 0, 'x', null, 1.001]) expect((await p.raise(ana.token, bad)).status).toBe(400);
    res = await p.raise(ana.token, 900);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ max_amount: 900 });
    expect(await p.history()).toEqual([['ana', 100, false]]);
    res = await p.bid(beto.token, 800);
    expect(res.body.highest_bid).toBe(801);
    expect((await p.raise(seller.token, 2000)).status).toBe(403);
    expect(
      (
        await t.request('PUT', `/api/bids/max/${p.auction_id}/999999`, {
          token: ana.token,
          body: { max_amount: 5 },
        })
      ).status,
    ).toBe(404);
  });

  it('rejects a ceiling below the amount or invalid, and saves none for a rejected bid', async () => {
    const p = on(await newAuction());
    let res = await p.bid(ana.token, 100, 50);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(bidMessages.maxBelowAmount);
    for (const bad of [-5, 0, 1.001, 'mil']) {
      res = await p.bid(ana.token, 100, bad as number);
      expect(res.status).toBe(400);
    }
    await p.bid(beto.token, 300);
    res = await p.bid(ana.token, 200, 5000); // too low: rejected, ceiling not saved
    expect(res.status).toBe(400);
    expect((await p.max(ana.token)).body).toEqual({ max_amount: null });
    expect(await p.history()).toEqual([['beto', 300, false]]);
  });
});
