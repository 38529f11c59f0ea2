import { bidMessages, moneyMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../factories/products.ts';
import type { TestApp } from '../../support/build-app.ts';
import { type BidsUser, bidsHelpers, startBidsApp } from './bids-support.ts';

describe('bids', () => {
  let t: TestApp, seller: BidsUser, ana: BidsUser, beto: BidsUser;
  beforeAll(async () => void ({ t, seller, ana, beto } = await startBidsApp()));
  afterAll(() => t?.close());

  const { bid, newAuction, race } = bidsHelpers(() => ({ t, seller }));

  it('accepts a valid bid with 201, records it and raises the highest bid', async () => {
    const { auction, products } = await newAuction();
    const res = await bid(ana.token, { amount: 1500, auction_id: auction.id, product_id: products[0]!.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount: 1500,
      username: 'ana',
      avatar: null,
      auction_id: auction.id,
      product_id: products[0]!.id,
    });
    expect(res.body.timestamp).toMatch(/Z$/);
    const row = await race(auction.id, products[0]!.id);
    expect(row).toMatchObject({ highest_bid: 150000, highest_bidder_id: ana.user.id, bid_count: 1 });

    const history = await t.request('GET', `/api/bids/get_bids_by_auction/${auction.id}/${products[0]!.id}`, {
      token: beto.token,
    });
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      expect.objectContaining({
        id: res.body.id,
        amount: 1500,
        username: 'ana',
        avatar: null,
        auto: false,
      }),
    ]);
  });

  it('rejects every amount rule with the exact Spanish message and changes nothing', async () => {
    const { auction, products } = await newAuction({ minOffer: 10_000, maxOffer: 50_000 });
    const p = products[0]!.id;
    const send = (amount: unknown) => bid(ana.token, { amount, auction_id: auction.id, product_id: p });

    for (const [amount, message] of [
      [0, bidMessages.invalidAmount],
      [-10, bidMessages.invalidAmount],
      [1.005, moneyMessages.fraction],
      [150.5, moneyMessages.fraction],
      [1e15, moneyMessages.tooLarge],
      [10_000_000_001, moneyMessages.tooLarge],
    ] as const) {
      const res = await send(amount);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const stringAmount = await send('100');
    expect(stringAmount.status).toBe(400);
    expect(stringAmount.body.message).toBe(bidMessages.invalidAmount);

    // No bid yet: at least 0 + 100 (min increment) and at most 0 + 500 (max increment).
    let res = await send(50);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El incremento mínimo de puja es $100');
    res = await send(600);
    expect(res.body.message).toBe('El incremento máximo permitido sobre la puja actual es $500');
    expect((await send(100)).status).toBe(201);

    res = await bid(beto.token, { amount: 100, auction_id: auction.id, product_id: p });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Tu puja debe ser mayor que la puja actual de $100');
    res = await bid(beto.token, { amount: 99, auction_id: auction.id, product_id: p });
    expect(res.body.message).toBe('Tu puja debe ser mayor que la puja actual de $100');
    res = await bid(beto.token, { amount: 150, auction_id: auction.id, product_id: p });
    expect(res.body.message).toBe('El incremento mínimo de puja es $100');
    res = await bid(beto.token, { amount: 601, auction_id: auction.id, product_id: p });
    expect(res.body.message).toBe('El incremento máximo permitido sobre la puja actual es $500');
    expect((await bid(beto.token, { amount: 600, auction_id: auction.id, product_id: p })).status).toBe(201);

    const row = await race(auction.id, p);
    expect(row).toMatchObject({ highest_bid: 60_000, highest_bidder_id: beto.user.id, bid_count: 2 });
  });

  it('formats large amounts in messages with grouping', async () => {
    const { auction, products } = await newAuction();
    expect(
      (await bid(ana.token, { amount: 1_250_000, auction_id: auction.id, product_id: products[0]!.id }))
        .status,
    ).toBe(201);
    const res = await bid(beto.token, {
      amount: 1_000_000,
      auction_id: auction.id,
      product_id: products[0]!.id,
    });
    expect(res.body.message).toBe('Tu puja debe ser mayor que la puja actual de $1.250.000');
  });

  it('needs a token', async () => {
    const { auction, products } = await newAuction();
    const res = await t.request('POST', '/api/bids/create-bid', {
      body: { amount: 10, auction_id: auction.id, product_id: products[0]!.id },
    });
    expect(res.status).toBe(401);
    expect(
      (await t.request('GET', `/api/bids/get_bids_by_auction/${auction.id}/${products[0]!.id}`)).status,
    ).toBe(401);
  });

  it('refuses the seller bidding on their own products', async () => {
    const { auction, products } = await newAuction();
    const res = await bid(seller.token, { amount: 10, auction_id: auction.id, product_id: products[0]!.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(bidMessages.ownProduct);
    expect((await race(auction.id, products[0]!.id)).bid_count).toBe(0);
  });

  it('refuses bids on an upcoming auction and after the end', async () => {
    const upcoming = await newAuction({ status: 'upcoming' });
    let res = await bid(ana.token, {
      amount: 10,
      auction_id: upcoming.auction.id,
      product_id: upcoming.products[0]!.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(bidMessages.auctionNotActive);

    // Past its end but not closed yet (the clock moved without running the jobs).
    const now = t.ctx.clock.now();
    const ending = await newAuction({
      startTime: new Date(now.getTime() - 3600_000),
      endTime: new Date(now.getTime() + 1000),
    });
    t.ctx.clock.advance(2);
    res = await bid(ana.token, {
      amount: 10,
      auction_id: ending.auction.id,
      product_id: ending.products[0]!.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(bidMessages.auctionEnded);

    // Closed by the job.
    await t.advanceClock(1);
    const row = await t.ctx.db
      .selectFrom('auctions')
      .select('status')
      .where('id', '=', ending.auction.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ended');
    res = await bid(ana.token, {
      amount: 10,
      auction_id: ending.auction.id,
      product_id: ending.products[0]!.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(bidMessages.auctionEnded);
  });

  it('answers 404 for a product outside the auction or an unknown auction', async () => {
    const { auction } = await newAuction();
    const other = await insertProduct(t.ctx.db, seller.user.id);
    let res = await bid(ana.token, { amount: 10, auction_id: auction.id, product_id: other.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(bidMessages.productNotInAuction);
    res = await bid(ana.token, { amount: 10, auction_id: 999_999, product_id: other.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(bidMessages.auctionNotFound);
  });

  it('rejects hostile input without a 5xx', async () => {
    const { auction, products } = await newAuction();
    const bodies: unknown[] = [
      {},
      { amount: 10 },
      { amount: 10, auction_id: 'x', product_id: products[0]!.id },
      { amount: 10, auction_id: auction.id, product_id: -1 },
      { amount: 10, auction_id: 1e20, product_id: products[0]!.id },
      { amount: null, auction_id: auction.id, product_id: products[0]!.id },
      { amount: { $gt: 0 }, auction_id: auction.id, product_id: products[0]!.id },
      [],
      'amount=10',
    ];
    for (const body of bodies) {
      const res = await bid(ana.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const raw = await t.request('POST', '/api/bids/create-bid', {
      token: ana.token,
      rawBody: '{"amount": 10,',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    const badPath = await t.request('GET', `/api/bids/get_bids_by_auction/abc/1' or '1'='1`, {
      token: ana.token,
    });
    expect(badPath.status).toBe(400);
    expect((await race(auction.id, products[0]!.id)).bid_count).toBe(0);
  });
});
