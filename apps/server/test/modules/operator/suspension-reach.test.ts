import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasedPasswordHash } from '../../../src/platform/passwords.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertWonItem } from '../../factories/payments.ts';
import { insertBuyer, insertPastBids, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from './operator-support.ts';

const WON_WINDOW_S = 72 * 3600;

let t: TestApp;
let operator: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  operator = await insertOperator(t, 'operadora_alcance');
  seller = await insertUserWithToken(t, { username: 'vendedor_alcance', is_seller: true });
});
afterAll(async () => {
  await t?.close();
});

const suspend = (userId: number) =>
  t.request('POST', `/api/admin/users/${userId}/suspend`, {
    token: operator.token,
    body: { reason: 'Pujas fraudulentas' },
  });

describe('a suspended account', () => {
  it('has every session ended by the session check itself, before anything else ends them', async () => {
    const user = await insertUserWithToken(t, { username: 'sesion_suspendida' });
    // The suspension is written; the step that ends its sessions one by one has not run yet.
    await t.ctx.db
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'Fraude' })
      .where('id', '=', user.user.id)
      .execute();
    const res = await t.request('GET', '/api/users/profile', { token: user.token });
    expect(res.status).toBe(401);
  });

  it('bids no more through the maximum bid it left: its ceilings are gone', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      product: { name: 'Tomica Skyline Techo Alto', reserve_price: 1_000_00 },
    });
    const product = products[0]!;
    const proxy = await insertBuyer(t, 'postor_tope');
    const rival = await insertBuyer(t, 'postor_rival');
    const bid = (who: TestUser, amount: number, max_amount?: number) =>
      t.request('POST', '/api/bids/create-bid', {
        token: who.token,
        body: {
          auction_id: auction.id,
          product_id: product.id,
          amount,
          ...(max_amount ? { max_amount } : {}),
        },
      });
    expect((await bid(proxy, 10_000, 90_000)).status).toBe(201);
    // The ceiling answers a rival while the account is active (and the lane remembers it).
    expect((await bid(rival, 20_000)).status).toBe(201);
    let race = await t.ctx.db
      .selectFrom('auction_products')
      .select(['highest_bidder_id'])
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(race.highest_bidder_id).toBe(proxy.user.id);

    expect((await suspend(proxy.user.id)).status).toBe(200);
    const ceilings = await t.ctx.db
      .selectFrom('bid_ceilings')
      .select('max_amount')
      .where('user_id', '=', proxy.user.id)
      .execute();
    expect(ceilings).toEqual([]);

    // Above what the ceiling placed, below the ceiling: the rival leads, no automatic answer.
    expect((await bid(rival, 40_000)).status).toBe(201);
    race = await t.ctx.db
      .selectFrom('auction_products')
      .select(['highest_bidder_id', 'highest_bid'])
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(race).toEqual({ highest_bidder_id: rival.user.id, highest_bid: 40_000_00 });
  });
});

describe('second chance', () => {
  it('skips suspended and deleted bidders and offers the item to the next one who may buy', async () => {
    const winner = await insertBuyer(t, 'ganador_moroso');
    const suspended = await insertBuyer(t, 'segundo_suspendido');
    const deleted = await insertBuyer(t, 'segundo_eliminado');
    const eligible = await insertBuyer(t, 'segundo_habilitado');
    const now = t.ctx.clock.now();
    const won = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: winner.user.id,
      amountCentavos: 150_000_00,
      now,
      productName: 'Maisto Lamborghini Countach',
    });
    const bids: Array<[TestUser, number]> = [
      [eligible, 110_000],
      [deleted, 130_000],
      [suspended, 140_000],
      [winner, 150_000],
    ];
    await insertPastBids(t, won, bids, now);
    expect((await suspend(suspended.user.id)).status).toBe(200);
    await t.ctx.db
      .updateTable('users')
      .set({ password_hash: erasedPasswordHash() })
      .where('id', '=', deleted.user.id)
      .execute();

    await t.advanceClock(WON_WINDOW_S + 1);
    const rows = await t.ctx.db
      .selectFrom('payments')
      .select(['buyer_id', 'status', 'amount'])
      .where('product_id', '=', won.product.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => [r.buyer_id, r.status, Number(r.amount)])).toEqual([
      [winner.user.id, 'expired', 150_000_00],
      [eligible.user.id, 'pending', 110_000_00],
    ]);
  });
});
