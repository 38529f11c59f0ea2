import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import type { TestUser } from '../../factories/sales.ts';
import { insertUser, insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator, insertSaleWithPayout } from './operator-support.ts';

let t: TestApp;
let operator: TestUser;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Bogotá is UTC-5 all year (no daylight saving since 1993). */
const BOGOTA_OFFSET = 5 * HOUR;
const bogotaDay = (at: Date) => new Date(at.getTime() - BOGOTA_OFFSET).toISOString().slice(0, 10);
const startOfBogotaDay = (at: Date) => {
  const local = new Date(at.getTime() - BOGOTA_OFFSET);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + BOGOTA_OFFSET);
};

beforeAll(async () => {
  t = await startTestApp();
  operator = await insertOperator(t, 'operadora_cifras');
});
afterAll(async () => {
  await t?.close();
});

describe('the business at a glance', () => {
  it('one row per Bogotá day with zeros, counted at the day boundary in Bogotá, and totals', async () => {
    const db = t.ctx.db;
    const now = t.ctx.clock.now();
    const today = startOfBogotaDay(now);
    const seller = await insertUser(db, { username: 'vendedor_cifras', is_seller: true });
    const buyer = await insertUser(db, { username: 'comprador_cifras' });
    // Users made "now" by the factories: today. Move the two helpers three days back.
    const threeDaysAgo = new Date(today.getTime() - 3 * DAY + HOUR);
    await sql`update users set created_at = ${threeDaysAgo} where id in (${seller.id}, ${buyer.id})`.execute(
      db,
    );
    // Midnight in Bogotá is 05:00 UTC: a sale at 04:59:59 UTC counts for the day before.
    await insertSaleWithPayout(t, {
      sellerId: seller.id,
      buyerId: buyer.id,
      amountCentavos: 100_000_00,
      confirmedAt: today,
      status: 'payable',
    });
    await insertSaleWithPayout(t, {
      sellerId: seller.id,
      buyerId: buyer.id,
      amountCentavos: 30_000_00,
      confirmedAt: new Date(today.getTime() - 1000),
    });
    await insertSaleWithPayout(t, {
      sellerId: seller.id,
      buyerId: buyer.id,
      amountCentavos: 55_555_00,
      confirmedAt: new Date(today.getTime() - 40 * DAY),
    });
    const { auction, products } = await insertAuction(db, seller.id, { now, productCount: 1 });
    await db
      .insertInto('bids')
      .values([
        {
          auction_id: auction.id,
          product_id: products[0]!.id,
          user_id: buyer.id,
          amount: 1000_00,
          created_at: new Date(today.getTime() + 1000),
        },
        {
          auction_id: auction.id,
          product_id: products[0]!.id,
          user_id: buyer.id,
          amount: 2000_00,
          created_at: new Date(today.getTime() - 2 * DAY + 1000),
        },
      ])
      .execute();
    const reporter = await insertUserWithToken(t, { username: 'denunciante_cifras' });
    const reported = await insertProduct(db, seller.id, { name: 'Denunciado' });
    expect(
      (
        await t.request('POST', '/api/reports', {
          token: reporter.token,
          body: { target_type: 'product', target_id: reported.id, reason: 'otro' },
        })
      ).status,
    ).toBe(201);

    const res = await t.request('GET', '/api/admin/stats?days=3', { token: operator.token });
    expect(res.status).toBe(200);
    const day = (offset: number) => bogotaDay(new Date(today.getTime() - offset * DAY + HOUR));
    const usersToday = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('created_at', '>=', today)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(usersToday).toBeGreaterThanOrEqual(2);
    expect(res.body.days).toEqual([
      { date: day(2), gmv: 0, orders: 0, commission: 0, new_users: 0, bids: 1 },
      { date: day(1), gmv: 30_000, orders: 1, commission: 3_000, new_users: 0, bids: 0 },
      { date: day(0), gmv: 100_000, orders: 1, commission: 10_000, new_users: usersToday, bids: 1 },
    ]);
    expect(res.body.totals).toEqual({
      gmv: 130_000,
      orders: 2,
      commission: 13_000,
      new_users: usersToday,
      bids: 2,
    });
    expect(res.body).toMatchObject({
      active_auctions: 1,
      payable_total: 90_000,
      held_total: 27_000 + 49_999.5,
      open_claims: 0,
      open_reports: 1,
    });

    const month = await t.request('GET', '/api/admin/stats', { token: operator.token });
    expect(month.body.days).toHaveLength(30);
    expect(month.body.days.at(-1).date).toBe(bogotaDay(now));
    expect(month.body.totals.gmv).toBe(130_000);
    const wide = await t.request('GET', '/api/admin/stats?days=60', { token: operator.token });
    expect(wide.body.totals.gmv).toBe(130_000 + 55_555);
    for (const bad of ['0', '367', 'abc', '1.5']) {
      expect((await t.request('GET', `/api/admin/stats?days=${bad}`, { token: operator.token })).status).toBe(
        400,
      );
    }
  });
});

describe('the audit', () => {
  it('lists newest first, and the database refuses to change or remove an entry', async () => {
    const target = await insertUserWithToken(t, { username: 'auditado' });
    for (const path of ['suspend', 'reinstate']) {
      const res = await t.request('POST', `/api/admin/users/${target.user.id}/${path}`, {
        token: operator.token,
        body: { reason: `motivo ${path}` },
      });
      expect(res.status).toBe(200);
    }
    const audit = await t.request('GET', '/api/admin/audit?page=1&size=2', { token: operator.token });
    expect(audit.body.items.map((e: { action: string; note: string }) => [e.action, e.note])).toEqual([
      ['reinstate', 'motivo reinstate'],
      ['suspend', 'motivo suspend'],
    ]);
    expect(audit.body.meta.total).toBeGreaterThanOrEqual(2);

    const before = await t.ctx.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();
    await expect(sql`update operator_audit set note = 'borrado'`.execute(t.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from operator_audit`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate operator_audit`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    const after = await t.ctx.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
  });
});
