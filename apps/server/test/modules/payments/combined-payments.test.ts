import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinedHelpers } from '../../factories/combined.ts';
import { approvePayment, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const HOUR = 3600;

describe('one payment for several items of one seller', { timeout: 300_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let otherSeller: TestUser;
  let buyer: TestUser;
  let stranger: TestUser;
  let h: ReturnType<typeof combinedHelpers>;

  beforeAll(async () => {
    t = await startTestApp();
    h = combinedHelpers(t);
    seller = await insertUserWithToken(t, { is_seller: true, username: 'cmb_vendedor' });
    otherSeller = await insertUserWithToken(t, { is_seller: true, username: 'cmb_vendedor2' });
    buyer = await insertBuyer(t, 'cmb_comprador');
    stranger = await insertBuyer(t, 'cmb_extrano');
  });
  afterAll(() => t?.close());

  it('one link for the sum; its approval confirms every item; one shipment, one tracking number', async () => {
    const a = await h.wonItem(seller, buyer, 100_000, 'Camaro Conjunto');
    const b = await h.wonItem(seller, buyer, 50_000, 'Bronco Conjunto');
    const res = await h.combine(buyer, [a.paymentId, b.paymentId]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Link de pago conjunto generado correctamente.',
      status: 'pending',
      amount: 150_000,
      currency: 'COP',
      payment_ids: [a.paymentId, b.paymentId].sort(),
    });
    const link = res.body.payment_link as string;
    expect(link).toMatch(new RegExp(`^${t.url}/sandbox/bold/checkout/LNK_[A-Z0-9]{12}$`));
    expect(res.body.link_expires_at).toMatch(/Z$/);

    const page = await (await fetch(link)).text();
    expect(page).toContain('150.000');
    expect(page).toContain('Camaro Conjunto');
    expect(page).toContain('Bronco Conjunto');

    const approved = await h.press(link, 'approve');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(
      `/payment?bold-order-id=${res.body.payment_id}&bold-tx-status=approved`,
    );
    for (const [item, pesos] of [
      [a, 100_000],
      [b, 50_000],
    ] as const) {
      expect((await h.payment(item.paymentId)).status).toBe('confirmed');
      expect(await h.productStatus(item.productId)).toBe('sold');
      const payouts = await h.payouts(item.paymentId);
      expect(payouts).toHaveLength(1);
      expect(Number(payouts[0]!.product_amount)).toBe(pesos * 100);
    }
    expect((await h.combined(res.body.payment_id)).status).toBe('confirmed');
    const verify = await t.request('GET', `/api/bold/verify/${res.body.payment_id}`, { token: buyer.token });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      payment_id: res.body.payment_id,
      status: 'confirmed',
      amount: 150_000,
    });
    // The same notification again changes nothing.
    const again = await h.press(link, 'approve');
    expect(again.status).toBe(303);
    expect(await h.payouts(a.paymentId)).toHaveLength(1);

    const shipped = await t.request('POST', '/api/products/change_shipping_status', {
      token: seller.token,
      body: {
        product_id: a.productId,
        shipping_status: 'shipped',
        carrier: 'servientrega',
        tracking_number: 'SV123456',
      },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    for (const item of [a, b]) {
      expect(await h.payment(item.paymentId)).toMatchObject({
        shipping_status: 'shipped',
        carrier: 'servientrega',
        tracking_number: 'SV123456',
      });
      expect(await h.productStatus(item.productId)).toBe('shipped');
    }
    const twice = await t.request('POST', '/api/products/change_shipping_status', {
      token: seller.token,
      body: {
        product_id: b.productId,
        shipping_status: 'shipped',
        carrier: 'envia',
        tracking_number: 'EN999',
      },
    });
    expect(twice.status).toBe(409);
    expect((await h.payment(b.paymentId)).tracking_number).toBe('SV123456');
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', buyer.user.id)
      .where('type', '=', 'item_shipped')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain('en un solo paquete');
  });

  it('refuses one item, another buyer’s, two sellers, a paid one and an expired one, changing nothing', async () => {
    const a = await h.wonItem(seller, buyer, 20_000, 'Valida A');
    const b = await h.wonItem(seller, buyer, 30_000, 'Valida B');
    const theirs = await h.wonItem(seller, stranger, 10_000, 'Ajeno');
    const elsewhere = await h.wonItem(otherSeller, buyer, 10_000, 'Otro vendedor');
    const before = (await t.ctx.db.selectFrom('combined_payments').select('id').execute()).length;

    const one = await h.combine(buyer, [a.paymentId]);
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('Selecciona al menos dos artículos para pagarlos juntos.');
    const dup = await h.combine(buyer, [a.paymentId, a.paymentId]);
    expect(dup.status).toBe(400);
    const notMine = await h.combine(buyer, [a.paymentId, theirs.paymentId]);
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: 'No se encontró el pago.' });
    const two = await h.combine(buyer, [a.paymentId, elsewhere.paymentId]);
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({
      code: 'DIFFERENT_SELLERS',
      message: 'Solo puedes pagar juntos artículos del mismo vendedor.',
    });
    const unknown = await h.combine(buyer, [a.paymentId, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.status).toBe(404);
    const noToken = await t.request('POST', '/api/payments/combined', {
      body: { payment_ids: [a.paymentId, b.paymentId] },
    });
    expect(noToken.status).toBe(401);

    const paid = await h.wonItem(seller, buyer, 15_000, 'Ya pagado');
    const alone = await h.expectPayableAlone(buyer, paid.paymentId);
    expect((await h.press(alone, 'approve')).status).toBe(303);
    const withPaid = await h.combine(buyer, [a.paymentId, paid.paymentId]);
    expect(withPaid.status).toBe(409);
    expect(withPaid.body).toMatchObject({
      code: 'PAYMENT_CONFIRMED',
      message: '"Ya pagado": Este pago ya fue confirmado.',
    });

    await t.ctx.db
      .updateTable('payments')
      .set({ expires_at: new Date(t.ctx.clock.now().getTime() - 1000) })
      .where('id', '=', b.paymentId)
      .execute();
    const late = await h.combine(buyer, [a.paymentId, b.paymentId]);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'PAYMENT_EXPIRED',
      message: '"Valida B": El plazo para pagar este artículo expiró.',
    });
    expect((await t.ctx.db.selectFrom('combined_payments').select('id').execute()).length).toBe(before);
    expect((await h.payment(a.paymentId)).status).toBe('pending');
  });

  it('a rejected or expired combined link leaves each item payable, alone or together', async () => {
    const a = await h.wonItem(seller, buyer, 11_000, 'Rechazo A');
    const b = await h.wonItem(seller, buyer, 12_000, 'Rechazo B');
    const first = await h.combine(buyer, [a.paymentId, b.paymentId]);
    expect(first.status).toBe(201);
    const rejected = await h.press(first.body.payment_link, 'reject');
    expect(rejected.status).toBe(303);
    expect((await h.combined(first.body.payment_id)).status).toBe('rejected');
    for (const item of [a, b]) expect((await h.payment(item.paymentId)).status).toBe('pending');

    const second = await h.combine(buyer, [a.paymentId, b.paymentId]);
    expect(second.status).toBe(201);
    expect(second.body.payment_id).not.toBe(first.body.payment_id);
    // Its link lives 24 hours; the items' windows, 72.
    await t.advanceClock(24 * HOUR + 60);
    expect((await h.combined(second.body.payment_id)).status).toBe('expired');
    expect(await (await fetch(second.body.payment_link)).text()).toContain('Este link de pago expiró');
    for (const item of [a, b]) {
      expect((await h.payment(item.paymentId)).status).toBe('pending');
      expect(await h.payouts(item.paymentId)).toHaveLength(0);
    }
    await h.expectPayableAlone(buyer, a.paymentId);
    expect((await h.combine(buyer, [a.paymentId, b.paymentId])).status).toBe(201);
  });

  it('a lost notification: the reconciliation job finds the paid combined link and confirms all', async () => {
    const a = await h.wonItem(seller, buyer, 21_000, 'Perdido A');
    const b = await h.wonItem(seller, buyer, 22_000, 'Perdido B');
    const res = await h.combine(buyer, [a.paymentId, b.paymentId]);
    expect((await h.press(res.body.payment_link, 'approve-silently')).status).toBe(200);
    expect((await h.payment(a.paymentId)).status).toBe('pending');
    await t.advanceClock(15 * 60 + 1);
    for (const item of [a, b]) {
      expect((await h.payment(item.paymentId)).status).toBe('confirmed');
      expect(await h.payouts(item.paymentId)).toHaveLength(1);
    }
  });

  it('an item expired or sold meanwhile: the whole charge is refunded, nothing is sold', async () => {
    const a = await h.wonItem(seller, buyer, 40_000, 'Vencido A');
    const b = await h.wonItem(seller, buyer, 60_000, 'Vigente B');
    const res = await h.combine(buyer, [a.paymentId, b.paymentId]);
    expect(res.status).toBe(201);
    await t.ctx.db.updateTable('payments').set({ status: 'expired' }).where('id', '=', a.paymentId).execute();
    const paid = await approvePayment(t, res.body.payment_id, 100_000);
    expect(paid.body.result).toBe('not_confirmed');
    expect((await h.combined(res.body.payment_id)).status).toBe('refused');
    expect((await h.payment(b.paymentId)).status).toBe('pending');
    expect(await h.productStatus(b.productId)).toBe('in_auction');
    for (const item of [a, b]) expect(await h.payouts(item.paymentId)).toHaveLength(0);
    const refunds = await h.refunds([a.paymentId, b.paymentId]);
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.amount)).toBe(100_000 * 100);
    await t.advanceClock(61);
    expect((await h.refunds([a.paymentId, b.paymentId]))[0]!.status).toBe('done');
    await h.expectPayableAlone(buyer, b.paymentId);

    // Sold meanwhile (paid alone on its own link), with the processor refusing refunds: failed, for an operator.
    const c = await h.wonItem(seller, buyer, 5_000, 'Vendido C');
    const d = await h.wonItem(seller, buyer, 7_000, 'Libre D');
    const together = await h.combine(buyer, [c.paymentId, d.paymentId]);
    const alone = await h.expectPayableAlone(buyer, c.paymentId);
    expect((await h.press(alone, 'approve')).status).toBe(303);
    expect((await h.payment(c.paymentId)).status).toBe('confirmed');
    await fetch(`${t.url}/sandbox/bold/refunds/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reject: true }),
    });
    try {
      const late = await approvePayment(t, together.body.payment_id, 12_000);
      expect(late.body.result).toBe('not_confirmed');
      expect((await h.payment(d.paymentId)).status).toBe('pending');
      expect(await h.payouts(c.paymentId)).toHaveLength(1);
      expect(await h.payouts(d.paymentId)).toHaveLength(0);
      await t.advanceClock(61);
      const failed = await h.refunds([c.paymentId, d.paymentId]);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ status: 'failed' });
      expect(Number(failed[0]!.amount)).toBe(12_000 * 100);
    } finally {
      await fetch(`${t.url}/sandbox/bold/refunds/reject`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reject: false }),
      });
    }
  });
});
