import { trustMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct, insertWonItem } from '../../factories/payments.ts';
import { advanceAndRelogin, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const WINDOW_S = 72 * 3600;
const DAY_S = 24 * 3600;

describe('unpaid strikes and blocked buyers', () => {
  let t: TestApp;
  let seller: TestUser;
  let other: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'confianza_vendedor' });
    other = await insertUserWithToken(t, { is_seller: true, username: 'confianza_otro' });
    operator = await insertUserWithToken(t, { username: 'confianza_operador' });
    await t.ctx.db
      .updateTable('users')
      .set({ is_operator: true })
      .where('id', '=', operator.user.id)
      .execute();
  });
  afterAll(() => t?.close());

  const bid = (
    u: TestUser,
    race: { auction: { id: number }; products: Array<{ id: number }> },
    amount: number,
  ) =>
    t.request('POST', '/api/bids/create-bid', {
      token: u.token,
      body: { auction_id: race.auction.id, product_id: race.products[0]!.id, amount },
    });
  const runningAuction = (owner: TestUser) =>
    insertAuction(t.ctx.db, owner.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      endTime: new Date(t.ctx.clock.now().getTime() + 30 * DAY_S * 1000),
    });
  const profile = async (u: TestUser) =>
    (await t.request('GET', '/api/users/profile', { token: u.token })).body.unpaid_strikes;

  /** The buyer wins an item and lets it expire unpaid. */
  async function strike(buyer: TestUser, name: string) {
    await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now: t.ctx.clock.now(),
      productName: name,
    });
    await advanceAndRelogin(t, WINDOW_S + 1, [buyer, seller, other, operator]);
  }

  it('a strike per expired won item, the winner told; at 3 new bids and purchases are refused, a leading bid stands', async () => {
    const buyer = await insertBuyer(t, 'confianza_moroso');
    const race = await runningAuction(other);
    await strike(buyer, 'Hot Wheels Twin Mill');
    expect(await profile(buyer)).toBe(1);
    const notes = await t.request('GET', '/api/notifications?size=50', { token: buyer.token });
    const note = notes.body.data.find((n: { type: string }) => n.type === 'payment_expired');
    expect(note.message).toContain('Hot Wheels Twin Mill');
    expect(note.message).toContain('(1 en el último año)');

    await strike(buyer, 'Matchbox Land Rover');
    // Leading elsewhere before the third strike.
    expect((await bid(buyer, race, 10_000)).status).toBe(201);
    await strike(buyer, 'Funko Pop Goku');
    expect(await profile(buyer)).toBe(3);

    const refused = await bid(buyer, race, 20_000);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(trustMessages.struckOut);
    // The leading bid stands.
    const standing = await t.ctx.db
      .selectFrom('auction_products')
      .select(['highest_bidder_id', 'highest_bid'])
      .where('product_id', '=', race.products[0]!.id)
      .executeTakeFirstOrThrow();
    expect(standing).toEqual({ highest_bidder_id: buyer.user.id, highest_bid: 10_000_00 });
    const product = await insertBuyNowProduct(t.ctx.db, other.user.id);
    const buy = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(buy.status).toBe(403);
    expect(buy.body.message).toBe(trustMessages.struckOut);

    // The operators' list carries the count; clearing it is audited and lifts the block.
    const list = await t.request('GET', '/api/admin/users?query=confianza_moroso', { token: operator.token });
    expect(list.body.items[0].unpaid_strikes).toBe(3);
    expect(
      (await t.request('POST', `/api/admin/users/${buyer.user.id}/clear-strikes`, { token: buyer.token }))
        .status,
    ).toBe(403);
    const cleared = await t.request('POST', `/api/admin/users/${buyer.user.id}/clear-strikes`, {
      token: operator.token,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ cleared: 3, unpaid_strikes: 0 });
    const audit = await t.request('GET', '/api/admin/audit?size=5', { token: operator.token });
    expect(audit.body.items[0]).toMatchObject({ action: 'clear_strikes', target_id: String(buyer.user.id) });
    expect(await profile(buyer)).toBe(0);
    expect((await bid(buyer, race, 20_000)).status).toBe(201);
    expect(
      (await t.request('POST', '/api/admin/users/999999/clear-strikes', { token: operator.token })).status,
    ).toBe(404);
  });

  it('strikes older than 365 days stop counting', async () => {
    const buyer = await insertBuyer(t, 'confianza_antiguo');
    await strike(buyer, 'Pikachu 58/102');
    await strike(buyer, 'Charizard 4/102');
    // The first strike ages out a year (plus the windows) later; two new ones make 3 with the second only.
    await advanceAndRelogin(t, 365 * DAY_S - 2 * WINDOW_S, [buyer, seller, other, operator]);
    await strike(buyer, 'Blastoise 2/102');
    expect(await profile(buyer)).toBe(2);
    const race = await runningAuction(other);
    expect((await bid(buyer, race, 5_000)).status).toBe(201);
  });

  it('a blocked buyer can neither bid, buy nor ask; bids already placed stay; unblocking lets them back', async () => {
    const buyer = await insertBuyer(t, 'confianza_bloqueado');
    const race = await runningAuction(seller);
    expect((await bid(buyer, race, 10_000)).status).toBe(201);

    const blocked = await t.request('POST', '/api/sellers/blocked', {
      token: seller.token,
      body: { username: 'CONFIANZA_BLOQUEADO' },
    });
    expect(blocked.status).toBe(200);
    const list = await t.request('GET', '/api/sellers/blocked', { token: seller.token });
    expect(list.body.items.map((i: { username: string }) => i.username)).toEqual(['confianza_bloqueado']);
    expect(list.body.meta.total).toBe(1);
    // Another seller's list is their own.
    expect((await t.request('GET', '/api/sellers/blocked', { token: other.token })).body.items).toEqual([]);

    const refused = await bid(buyer, race, 20_000);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(trustMessages.buyerBlocked);
    const history = await t.request(
      'GET',
      `/api/bids/get_bids_by_auction/${race.auction.id}/${race.products[0]!.id}`,
      { token: buyer.token },
    );
    // The bid placed before the block stands; the refused one left no row.
    expect(history.status).toBe(200);
    expect(history.body.length).toBe(1);
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id);
    const buy = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(buy.status).toBe(403);
    expect(buy.body.message).toBe(trustMessages.buyerBlocked);
    const ask = await t.request('POST', '/api/questions', {
      token: buyer.token,
      body: { product_id: product.id, text: '¿Viene con la caja original?' },
    });
    expect(ask.status).toBe(403);
    // Other sellers still take them.
    expect((await bid(buyer, await runningAuction(other), 5_000)).status).toBe(201);

    // Hostile and unknown input.
    expect((await t.request('POST', '/api/sellers/blocked', { token: seller.token, body: {} })).status).toBe(
      400,
    );
    expect(
      (
        await t.request('POST', '/api/sellers/blocked', {
          token: seller.token,
          body: { username: 'nadie_asi' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/sellers/blocked', {
          token: seller.token,
          body: { username: 'confianza_vendedor' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.request('DELETE', '/api/sellers/blocked/nadie_asi', { token: seller.token })).status,
    ).toBe(404);

    const unblocked = await t.request('DELETE', '/api/sellers/blocked/confianza_bloqueado', {
      token: seller.token,
    });
    expect(unblocked.status).toBe(200);
    expect((await bid(buyer, race, 20_000)).status).toBe(201);
  });

  it('the questions block is the same list', async () => {
    const buyer = await insertBuyer(t, 'confianza_pregunton');
    const res = await t.request('POST', '/api/questions/block', {
      token: seller.token,
      body: { username: 'confianza_pregunton' },
    });
    expect(res.status).toBe(200);
    const list = await t.request('GET', '/api/sellers/blocked', { token: seller.token });
    expect(list.body.items.map((i: { username: string }) => i.username)).toContain('confianza_pregunton');
    const race = await runningAuction(seller);
    expect((await bid(buyer, race, 10_000)).status).toBe(403);
  });

  it('a bid racing a block: either it was in first and stands, or it is refused; the next is refused', async () => {
    const buyer = await insertBuyer(t, 'confianza_carrera');
    const race = await runningAuction(seller);
    const [placed, block] = await Promise.all([
      bid(buyer, race, 10_000),
      t.request('POST', '/api/sellers/blocked', {
        token: seller.token,
        body: { username: 'confianza_carrera' },
      }),
    ]);
    expect(block.status).toBe(200);
    expect([201, 403]).toContain(placed.status);
    const count = await t.ctx.db
      .selectFrom('bids')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', buyer.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(placed.status === 201 ? 1 : 0);
    expect((await bid(buyer, race, 20_000)).status).toBe(403);
  });
});
