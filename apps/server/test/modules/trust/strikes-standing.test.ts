import { trustMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct, insertWonItem } from '../../factories/payments.ts';
import { advanceAndRelogin, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';

const WINDOW_S = 72 * 3600;
const DAY_S = 24 * 3600;
const YEAR_MS = 365 * DAY_S * 1000;

/**
 * Unpaid strikes beyond the basics: a lead held when the third strike lands wins its auction,
 * the exact notice, the second chance passing over a struck-out bidder, clearing (audited, in the
 * export) and strikes ageing out at the 365-day edge, seen in the profile and the operators' list.
 */
describe('unpaid strikes: standing, notices, clearing and ageing', { timeout: 240_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let other: TestUser;
  let operator: TestUser;
  const everyone: TestUser[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'faltas_vendedor' });
    other = await insertUserWithToken(t, { is_seller: true, username: 'faltas_otro' });
    operator = await insertOperator(t, 'faltas_operadora');
    everyone.push(seller, other, operator);
  }, 60_000);
  afterAll(() => t?.close());

  const buyer = async (username: string) => {
    const u = await insertBuyer(t, username);
    everyone.push(u);
    return u;
  };
  const advance = (seconds: number) => advanceAndRelogin(t, seconds, everyone);
  /** Won items of `u` that will expire unpaid at the next 72-hour jump. */
  const wins = async (u: TestUser, names: string[]) => {
    for (const productName of names)
      await insertWonItem(t.ctx.db, {
        sellerId: seller.user.id,
        buyerId: u.user.id,
        now: t.ctx.clock.now(),
        productName,
      });
  };
  const profile = async (u: TestUser) =>
    (await t.request('GET', '/api/users/profile', { token: u.token })).body.unpaid_strikes;
  const listed = async (username: string) => {
    const res = await t.request('GET', `/api/admin/users?query=${username}`, { token: operator.token });
    expect(res.status).toBe(200);
    return res.body.items.find((i: { username: string }) => i.username === username).unpaid_strikes;
  };
  const bid = (
    u: TestUser,
    race: { auction: { id: number }; products: Array<{ id: number }> },
    body: object,
  ) =>
    t.request('POST', '/api/bids/create-bid', {
      token: u.token,
      body: { auction_id: race.auction.id, product_id: race.products[0]!.id, ...body },
    });
  const notices = async (u: TestUser) =>
    (await t.request('GET', '/api/notifications?size=50', { token: u.token })).body.data.filter(
      (n: { type: string }) => n.type === 'payment_expired',
    );

  it('a lead held when the third strike lands stands and wins the auction; new bids and a raised maximum are refused', async () => {
    const moroso = await buyer('faltas_lider');
    const rival = await buyer('faltas_rival');
    const race = await insertAuction(t.ctx.db, other.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      endTime: new Date(t.ctx.clock.now().getTime() + 20 * DAY_S * 1000),
    });
    await wins(moroso, ['Majorette Porsche 911', 'Siku Tractor']);
    await advance(WINDOW_S + 1);
    expect((await bid(rival, race, { amount: 15_000 })).status).toBe(201);
    expect((await bid(moroso, race, { amount: 20_000 })).status).toBe(201);
    await wins(moroso, ['Bburago Ferrari F40']);
    await advance(WINDOW_S + 1);
    expect(await profile(moroso)).toBe(3);

    for (const refused of [
      await bid(moroso, race, { amount: 25_000 }),
      await bid(moroso, race, { amount: 25_000, max_amount: 40_000 }),
      await t.request('PUT', `/api/bids/max/${race.auction.id}/${race.products[0]!.id}`, {
        token: moroso.token,
        body: { max_amount: 40_000 },
      }),
      await t.request(
        'GET',
        `/api/bold/buy_product/${(await insertBuyNowProduct(t.ctx.db, seller.user.id)).id}`,
        {
          token: moroso.token,
        },
      ),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(trustMessages.struckOut);
    }
    // Nothing of the refused requests was written: the race is as the lead left it.
    expect(
      await t.ctx.db
        .selectFrom('bids')
        .select('amount')
        .where('user_id', '=', moroso.user.id)
        .where('auction_id', '=', race.auction.id)
        .execute(),
    ).toEqual([{ amount: 20_000_00 }]);
    expect(
      await t.ctx.db
        .selectFrom('bid_ceilings')
        .select('user_id')
        .where('user_id', '=', moroso.user.id)
        .execute(),
    ).toEqual([]);

    // The auction ends with the standing lead: the struck-out buyer wins it and owes its payment.
    await advance(Math.ceil((race.auction.end_time!.getTime() - t.ctx.clock.now().getTime()) / 1000) + 60);
    const raceRow = await t.ctx.db
      .selectFrom('auction_products')
      .select(['outcome', 'highest_bidder_id', 'highest_bid'])
      .where('product_id', '=', race.products[0]!.id)
      .executeTakeFirstOrThrow();
    expect(raceRow).toEqual({ outcome: 'won', highest_bidder_id: moroso.user.id, highest_bid: 20_000_00 });
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['buyer_id', 'status', 'amount'])
      .where('product_id', '=', race.products[0]!.id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ buyer_id: moroso.user.id, status: 'pending', amount: 20_000_00 });
  });

  it('the winner is told the exact count; the second chance passes over a struck-out bidder', async () => {
    const winner = await buyer('faltas_ganador');
    const struck = await buyer('faltas_segundo_bloqueado');
    const third = await buyer('faltas_tercero');
    await wins(struck, ['Tomica Skyline', 'Tomica Supra', 'Tomica NSX']);
    await advance(WINDOW_S + 1);
    expect(await profile(struck)).toBe(3);

    const race = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      durationHours: 1,
      product: { name: 'Hot Wheels Bone Shaker' },
    });
    const p = race.products[0]!;
    const rows = [
      [third, 11_000],
      [struck, 12_000],
      [winner, 13_000],
    ] as const;
    for (const [u, pesos] of rows)
      await t.ctx.db
        .insertInto('bids')
        .values({
          auction_id: race.auction.id,
          product_id: p.id,
          user_id: u.user.id,
          amount: pesos * 100,
          created_at: t.ctx.clock.now(),
        })
        .execute();
    await t.ctx.db
      .updateTable('auction_products')
      .set({ highest_bid: 13_000_00, highest_bidder_id: winner.user.id, bid_count: 3 })
      .where('product_id', '=', p.id)
      .execute();
    // The close, then the winner's window ends unpaid.
    await advance(3600 + WINDOW_S + 60);

    const told = await notices(winner);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: trustMessages.strikeNoticeTitle,
      message: trustMessages.strikeNotice('Hot Wheels Bone Shaker', 1),
      link: '/auctions/won/',
    });
    expect(await profile(winner)).toBe(1);
    const offers = await t.ctx.db
      .selectFrom('payments')
      .select(['buyer_id', 'status', 'second_chance', 'amount'])
      .where('product_id', '=', p.id)
      .orderBy('created_at')
      .execute();
    expect(offers).toEqual([
      { buyer_id: winner.user.id, status: 'expired', second_chance: false, amount: 13_000_00 },
      { buyer_id: third.user.id, status: 'pending', second_chance: true, amount: 11_000_00 },
    ]);
  });

  it('clearing is audited, keeps the rows (in the export) and starts the count again', async () => {
    const u = await buyer('faltas_perdonado');
    await wins(u, ['Greenlight Mustang', 'M2 Bronco']);
    await advance(WINDOW_S + 1);
    expect(await profile(u)).toBe(2);
    expect(await listed('faltas_perdonado')).toBe(2);
    expect((await t.request('POST', `/api/admin/users/${u.user.id}/clear-strikes`)).status).toBe(401);

    const cleared = await t.request('POST', `/api/admin/users/${u.user.id}/clear-strikes`, {
      token: operator.token,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({
      message: trustMessages.strikesCleared('faltas_perdonado'),
      cleared: 2,
      unpaid_strikes: 0,
    });
    const audit = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'clear_strikes')
      .where('target_id', '=', String(u.user.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: operator.user.id,
      target_type: 'user',
      target_label: 'faltas_perdonado',
      note: '2',
    });
    expect(await profile(u)).toBe(0);
    expect(await listed('faltas_perdonado')).toBe(0);
    const rows = await t.ctx.db
      .selectFrom('unpaid_strikes')
      .select(['cleared_by', 'cleared_at'])
      .where('user_id', '=', u.user.id)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.cleared_by === operator.user.id && r.cleared_at !== null)).toBe(true);
    const exported = await t.request('GET', '/api/users/me/export', { token: u.token });
    expect(exported.body.unpaid_strikes.map((s: { product_name: string }) => s.product_name).sort()).toEqual([
      'Greenlight Mustang',
      'M2 Bronco',
    ]);
    expect(exported.body.unpaid_strikes.every((s: { cleared_at: string | null }) => s.cleared_at)).toBe(true);

    // Clearing again clears none, and says so in the audit.
    const again = await t.request('POST', `/api/admin/users/${u.user.id}/clear-strikes`, {
      token: operator.token,
    });
    expect(again.body.cleared).toBe(0);
    const audits = await t.ctx.db
      .selectFrom('operator_audit')
      .select('note')
      .where('action', '=', 'clear_strikes')
      .where('target_id', '=', String(u.user.id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.note)).toEqual(['2', '0']);

    // A new strike after clearing is the first again.
    await wins(u, ['Auto World Camaro']);
    await advance(WINDOW_S + 1);
    expect(await profile(u)).toBe(1);
    const latest = (await notices(u)).find((n: { message: string }) =>
      n.message.includes('Auto World Camaro'),
    );
    expect(latest.message).toBe(trustMessages.strikeNotice('Auto World Camaro', 1));
  });

  it('a strike counts until it is 365 days old: the account bids again when the oldest ages out', async () => {
    const u = await buyer('faltas_envejece');
    await wins(u, ['Matchbox Mini Cooper']);
    await advance(WINDOW_S + 1);
    await advance(30 * DAY_S);
    await wins(u, ['Matchbox Land Cruiser', 'Matchbox Jeep']);
    await advance(WINDOW_S + 1);
    expect(await profile(u)).toBe(3);

    const oldest = await t.ctx.db
      .selectFrom('unpaid_strikes')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    const agesAt = new Date(oldest.at as Date | string).getTime() + YEAR_MS;
    // A minute before the oldest turns 365 days old it still counts.
    await advance(Math.floor((agesAt - t.ctx.clock.now().getTime()) / 1000) - 60);
    const race = await insertAuction(t.ctx.db, other.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      endTime: new Date(t.ctx.clock.now().getTime() + 30 * DAY_S * 1000),
    });
    expect(await profile(u)).toBe(3);
    expect(await listed('faltas_envejece')).toBe(3);
    expect((await bid(u, race, { amount: 12_000 })).status).toBe(403);
    // Two minutes later it no longer does.
    await advance(120);
    expect(await profile(u)).toBe(2);
    expect(await listed('faltas_envejece')).toBe(2);
    expect((await bid(u, race, { amount: 12_000 })).status).toBe(201);
  });
});
