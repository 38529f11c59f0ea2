import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertWonItem } from '../../factories/payments.ts';
import { approvePayment, insertBuyer, insertPastBids, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const WINDOW_S = 72 * 3600;

describe('second chance for unpaid wins', () => {
  let t: TestApp;
  let seller: TestUser;
  let winner: TestUser;
  let runnerUp: TestUser;
  let lowBidder: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'segunda_vendedor' });
    winner = await insertBuyer(t, 'segunda_ganador');
    runnerUp = await insertBuyer(t, 'segunda_segundo');
    lowBidder = await insertBuyer(t, 'segunda_bajo');
  });
  afterAll(() => t?.close());

  /** A closed auction won by `winner` at 150.000 with the given other bids (pesos). */
  async function closedAuction(name: string, others: Array<[TestUser, number]>) {
    const now = t.ctx.clock.now();
    const won = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: winner.user.id,
      amountCentavos: 150_000_00,
      now,
      productName: name,
    });
    // Reserve 100.000: the winner's bid and the others', oldest first.
    await t.ctx.db
      .updateTable('products')
      .set({ reserve_price: 100_000_00 })
      .where('id', '=', won.product.id)
      .execute();
    const bids = [...others, [winner, 150_000] as [TestUser, number]];
    await insertPastBids(t, won, bids, now);
    return won;
  }

  const payments = (productId: number) =>
    t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('created_at')
      .execute();
  const product = (id: number) =>
    t.ctx.db
      .selectFrom('products')
      .select(['status', 'auction_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const wonItems = (u: TestUser) =>
    t.request('GET', '/api/payments/get_payments_by_user_id', { token: u.token });

  it('offers the item to the next-highest bidder at their own highest bid, then releases it', async () => {
    const { product: p, auction } = await closedAuction('Bburago Ferrari F40', [
      [lowBidder, 90_000], // below the reserve: never eligible
      [runnerUp, 110_000],
      [runnerUp, 120_000],
    ]);

    await t.advanceClock(WINDOW_S - 60);
    expect((await payments(p.id)).length).toBe(1);

    await t.advanceClock(61);
    let rows = await payments(p.id);
    expect(rows.map((r) => [r.buyer_id, r.status, Number(r.amount), r.second_chance])).toEqual([
      [winner.user.id, 'expired', 150_000_00, false],
      [runnerUp.user.id, 'pending', 120_000_00, true],
    ]);
    expect(await product(p.id)).toEqual({ status: 'in_auction', auction_id: auction.id });
    const offer = rows[1]!;
    const window = offer.expires_at!.getTime() - offer.created_at.getTime();
    expect(window).toBe(WINDOW_S * 1000);

    const notes = await t.request('GET', '/api/notifications?size=50', { token: runnerUp.token });
    const note = notes.body.data.find((n: { type: string }) => n.type === 'second_chance');
    expect(note.message).toContain('Bburago Ferrari F40');
    expect(note.message).toContain('120.000');
    const listed = (await wonItems(runnerUp)).body.find(
      (i: { payment_id: string }) => i.payment_id === offer.id,
    );
    expect(listed).toMatchObject({ status: 'pending', amount: 120_000 });

    // The expired winner cannot pay any more; the runner-up can get a link.
    const winnerLink = await t.request('POST', `/api/bold/create/${rows[0]!.id}`, { token: winner.token });
    expect(winnerLink.status).toBe(409);
    const link = await t.request('POST', `/api/bold/create/${offer.id}`, { token: runnerUp.token });
    expect(link.status).toBe(201);
    // Nobody else can touch the runner-up's item.
    expect((await t.request('POST', `/api/bold/create/${offer.id}`, { token: winner.token })).status).toBe(
      404,
    );

    // The runner-up does not pay either: the low bidder is below the reserve, so it goes back.
    await t.advanceClock(WINDOW_S + 1);
    rows = await payments(p.id);
    expect(rows.map((r) => r.status)).toEqual(['expired', 'expired']);
    expect(await product(p.id)).toEqual({ status: 'available', auction_id: null });
  });

  it('returns the product at once when nobody else reached the reserve', async () => {
    const { product: p } = await closedAuction('Maisto Lamborghini', [[lowBidder, 99_999]]);
    await t.advanceClock(WINDOW_S + 1);
    expect((await payments(p.id)).map((r) => r.status)).toEqual(['expired']);
    expect(await product(p.id)).toEqual({ status: 'available', auction_id: null });
  });

  it('the second-chance buyer pays within the window: sold to them', async () => {
    const { product: p } = await closedAuction('Kyosho Delta', [[runnerUp, 130_000]]);
    await t.advanceClock(WINDOW_S + 1);
    const offer = (await payments(p.id))[1]!;
    expect(offer.buyer_id).toBe(runnerUp.user.id);
    await t.request('POST', `/api/bold/create/${offer.id}`, { token: runnerUp.token });
    const paid = await approvePayment(t, offer.id, 130_000);
    expect(paid.body.result).toBe('confirmed');
    expect((await product(p.id)).status).toBe('sold');
    const payout = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(Number(payout.product_amount)).toBe(130_000_00);
    expect(payout.status).toBe('held');
    // Nothing is offered after a sale.
    await t.advanceClock(WINDOW_S + 1);
    expect((await payments(p.id)).map((r) => r.status)).toEqual(['expired', 'confirmed']);
  });

  it('a payment stuck in processing expires at the end of its window (and the next bidder gets it)', async () => {
    const { product: p, paymentId } = await closedAuction('Autoart Skyline', [[runnerUp, 101_000]]);
    await t.request('POST', `/api/bold/create/${paymentId}`, { token: winner.token });
    await t.ctx.db
      .updateTable('payments')
      .set({ status: 'processing' })
      .where('id', '=', paymentId)
      .execute();
    await t.advanceClock(WINDOW_S + 1);
    const rows = await payments(p.id);
    expect(rows.map((r) => [r.buyer_id, r.status])).toEqual([
      [winner.user.id, 'expired'],
      [runnerUp.user.id, 'pending'],
    ]);
  });

  it('one jump of the clock past both deadlines walks through them in order', async () => {
    // Fresh sessions: the earlier tests moved the clock past older tokens' lifetime.
    const first = await insertBuyer(t, 'salto_ganador');
    const second = await insertBuyer(t, 'salto_segundo');
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      durationHours: 1,
      product: { reserve_price: 100_000_00 },
    });
    const p = products[0]!;
    for (const [user, amount] of [
      [second, 110_000],
      [first, 150_000],
    ] as const) {
      const bid = await t.request('POST', '/api/bids/create-bid', {
        token: user.token,
        body: { auction_id: auction.id, product_id: p.id, amount },
      });
      expect(bid.status).toBe(201);
    }
    // No bid came within the soft-close window: the product ends with its auction.
    const end = auction.end_time!;
    // The close (at the end), the winner's deadline (72 h later) and the runner-up's offer, at once.
    await t.advanceClock(3600 + WINDOW_S + 3600);
    const rows = await payments(p.id);
    expect(rows.map((r) => [r.buyer_id, r.status, r.second_chance])).toEqual([
      [first.user.id, 'expired', false],
      [second.user.id, 'pending', true],
    ]);
    expect(rows[0]!.expires_at!.getTime()).toBe(end.getTime() + WINDOW_S * 1000);
    // The runner-up's 72 hours start at the winner's deadline, so most of them are still ahead.
    expect(rows[1]!.expires_at!.getTime()).toBe(end.getTime() + 2 * WINDOW_S * 1000);
  });
});
