import { type AdminPayout, adminMessages, PAYOUT_CSV_COLUMNS } from '@app/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceAndRelogin,
  insertBuyer,
  insertPaidBuyNowSale,
  ship,
  type TestUser,
} from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertBankAccount, insertOperator, insertSaleWithPayout } from './operator-support.ts';

let t: TestApp;
let operator: TestUser;
let seller: TestUser;
let buyer: TestUser;
let bankless: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  operator = await insertOperator(t, 'operadora_pagos');
  seller = await insertUserWithToken(t, { username: 'vendedora_pagos', is_seller: true });
  bankless = await insertUserWithToken(t, { username: 'sin_banco', is_seller: true });
  buyer = await insertBuyer(t, 'comprador_pagos');
  // Accents, a comma, quotes and an apostrophe: what a spreadsheet must get back intact.
  await insertBankAccount(t, seller.user.id, { account_name: 'José Núñez, "Pepe" O\'Brien' });
});
afterAll(async () => {
  await t?.close();
});

const list = (status: string) =>
  t.request<{ items: AdminPayout[]; meta: { total: number } }>(
    'GET',
    `/api/admin/payouts?status=${status}&size=100`,
    {
      token: operator.token,
    },
  );

describe('paying sellers', () => {
  it('a payout becomes payable once the claim window after delivery passed, with the time it did, and lists with the bank account', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 80_000, 'Camión «Dodge», edición 1:64');
    const held = await list('held');
    const mine = held.body.items.find((p) => p.product_id === product.id)!;
    expect(mine).toMatchObject({ status: 'held', payable_since: null, paid_at: null, amount: 80_000 });

    await ship(t, seller, product.id);
    const delivered = await t.request('POST', '/api/products/confirm_delivery', {
      token: buyer.token,
      body: { product_id: product.id },
    });
    expect(delivered.status).toBe(200);
    // Held through the claim window after delivery; the timed job then makes it payable.
    expect((await list('held')).body.items.some((p) => p.product_id === product.id)).toBe(true);
    await advanceAndRelogin(t, t.ctx.config.CLAIM_WINDOW_DAYS * 24 * 3600 + 1, [
      operator,
      seller,
      buyer,
      bankless,
    ]);

    const payable = await list('payable');
    const row = payable.body.items.find((p) => p.product_id === product.id)!;
    expect(row).toMatchObject({
      status: 'payable',
      seller_username: 'vendedora_pagos',
      seller_email: seller.user.email,
      product_name: 'Camión «Dodge», edición 1:64',
      amount: 80_000,
      commission: 8_000,
      payable_amount: 72_000,
      reference: null,
      bank: {
        account_type: 'ahorro',
        account_number: '0012345678',
        holder_name: 'José Núñez, "Pepe" O\'Brien',
        document_type: 'CC',
        document_number: '1020304050',
      },
    });
    expect(row.bank!.bank_name.length).toBeGreaterThan(0);
    expect(row.payable_since).toMatch(/Z$/);
  });

  it('exports the same rows as UTF-8 CSV with a byte-order mark, accents, commas and quotes intact', async () => {
    await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      productName: 'Figura "Ñandú", línea; edición\nespecial',
      status: 'payable',
    });
    const res = await fetch(`${t.url}/api/admin/payouts/export.csv?status=payable`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: Record<string, string>[] = parse(bytes, { bom: true, columns: true });
    expect(Object.keys(records[0]!)).toEqual([...PAYOUT_CSV_COLUMNS]);

    const api = (await list('payable')).body.items;
    expect(records.map((r) => r.id)).toEqual(api.map((p) => p.id));
    for (const [i, p] of api.entries()) {
      const r = records[i]!;
      expect(r).toEqual({
        id: p.id,
        seller_username: p.seller_username,
        seller_email: p.seller_email,
        product_id: String(p.product_id),
        product_name: p.product_name,
        amount: String(p.amount),
        commission: String(p.commission),
        payable_amount: String(p.payable_amount),
        status: p.status,
        payable_since: p.payable_since ?? '',
        paid_at: p.paid_at ?? '',
        reference: p.reference ?? '',
        bank_name: p.bank?.bank_name ?? '',
        account_type: p.bank?.account_type ?? '',
        account_number: p.bank?.account_number ?? '',
        holder_name: p.bank?.holder_name ?? '',
        document_type: p.bank?.document_type ?? '',
        document_number: p.bank?.document_number ?? '',
      });
    }
    expect(records.some((r) => r.product_name === 'Figura "Ñandú", línea; edición\nespecial')).toBe(true);
    expect(records.some((r) => r.holder_name === 'José Núñez, "Pepe" O\'Brien')).toBe(true);
    // An account number keeps its leading zeros.
    expect(records.every((r) => r.account_number === '0012345678')).toBe(true);
  });

  it('a batch with one payout not payable changes nothing and names it', async () => {
    const good = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      status: 'payable',
    });
    const held = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      status: 'held',
      productName: 'Retenido',
    });
    const res = await t.request('POST', '/api/admin/payouts/mark-paid', {
      token: operator.token,
      body: { payout_ids: [good.payoutId, held.payoutId], reference: 'TRF-001' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(held.payoutId);
    expect(res.body.message).toContain('Retenido');
    const rows = await t.ctx.db
      .selectFrom('payouts')
      .select(['id', 'status', 'paid_at', 'reference'])
      .where('id', 'in', [good.payoutId, held.payoutId])
      .execute();
    expect(rows.every((r) => r.status !== 'paid' && r.paid_at === null && r.reference === null)).toBe(true);
    const notified = await t.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('type', '=', 'payout_paid')
      .execute();
    expect(notified).toEqual([]);
  });

  it('a seller without a bank account stops the batch (409 naming them), and an unknown id is a 404', async () => {
    const good = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      status: 'payable',
    });
    const orphan = await insertSaleWithPayout(t, {
      sellerId: bankless.user.id,
      buyerId: buyer.user.id,
      status: 'payable',
    });
    const res = await t.request('POST', '/api/admin/payouts/mark-paid', {
      token: operator.token,
      body: { payout_ids: [good.payoutId, orphan.payoutId], reference: 'TRF-002' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(adminMessages.payoutNoBankAccount(orphan.payoutId, 'sin_banco'));
    const unknown = await t.request('POST', '/api/admin/payouts/mark-paid', {
      token: operator.token,
      body: { payout_ids: [good.payoutId, '00000000-0000-4000-8000-000000000000'], reference: 'TRF-003' },
    });
    expect(unknown.status).toBe(404);
    const junk = await t.request('POST', '/api/admin/payouts/mark-paid', {
      token: operator.token,
      body: { payout_ids: ["1' or '1'='1"], reference: 'TRF-004' },
    });
    expect(junk.status).toBe(404);
    const empty = await t.request('POST', '/api/admin/payouts/mark-paid', {
      token: operator.token,
      body: { payout_ids: [], reference: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([adminMessages.payoutIdsRequired, adminMessages.referenceRequired]),
    );
    const status = await t.ctx.db
      .selectFrom('payouts')
      .select('status')
      .where('id', '=', good.payoutId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('payable');
  });

  it('marks a batch paid once, even when two operators send it at the same moment', async () => {
    const second = await insertOperator(t, 'operador_dos');
    const a = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      status: 'payable',
    });
    const b = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      status: 'payable',
    });
    // Not in the batch: it must stay payable, untouched.
    const left = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      status: 'payable',
    });
    const body = { payout_ids: [a.payoutId, b.payoutId], reference: 'LOTE-2026-11-26' };
    const answers = await Promise.all(
      [operator, second, operator, second].map((op) =>
        t.request('POST', '/api/admin/payouts/mark-paid', { token: op.token, body }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const ok = answers.find((r) => r.status === 200)!;
    expect(ok.body.payouts.map((p: AdminPayout) => p.status)).toEqual(['paid', 'paid']);
    expect(ok.body.reference).toBe('LOTE-2026-11-26');

    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'message'])
      .where('type', '=', 'payout_paid')
      .execute();
    expect(notices).toHaveLength(2);
    expect(notices.every((n) => n.user_id === seller.user.id && n.message.includes('LOTE-2026-11-26'))).toBe(
      true,
    );
    const audit = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'mark_paid')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.note).toBe('LOTE-2026-11-26');
    expect(audit[0]!.target_id.split(',').sort()).toEqual([a.payoutId, b.payoutId].sort());

    // The seller sees it paid, with the date and the reference.
    const mine = await t.request('GET', '/api/pending-payments/seller?size=100', { token: seller.token });
    const paid = mine.body.find((p: { id: string }) => p.id === a.payoutId);
    expect(paid).toMatchObject({ status: 'paid', reference: 'LOTE-2026-11-26' });
    expect(paid.paid_at).toBe(ok.body.paid_at);
    const detail = await t.request('GET', `/api/pending-payments/get/${b.payoutId}`, { token: seller.token });
    expect(detail.body.payment).toMatchObject({ status: 'paid', reference: 'LOTE-2026-11-26' });
    const untouched = mine.body.find((p: { id: string }) => p.id === left.payoutId);
    expect(untouched).toMatchObject({ status: 'payable', paid_at: null, reference: null });

    // Paid ones list under `paid`, newest first.
    const paidList = await list('paid');
    expect(paidList.body.items.map((p) => p.id).sort()).toEqual([a.payoutId, b.payoutId].sort());
  });

  it('validates the list filters', async () => {
    const bad = await t.request('GET', '/api/admin/payouts?status=todo', { token: operator.token });
    expect(bad.status).toBe(400);
    const big = await t.request('GET', '/api/admin/payouts?size=1000', { token: operator.token });
    expect(big.status).toBe(400);
    const all = await t.request('GET', '/api/admin/payouts?page=1&size=2', { token: operator.token });
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.meta.total).toBeGreaterThan(2);
  });
});
