import { adminMessages, claimMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceAndRelogin,
  insertBuyer,
  insertPaidBuyNowSale,
  type TestUser,
} from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';
import {
  DAY,
  LONG_ENOUGH,
  notificationsOf,
  openClaim,
  openedClaim,
  payoutOf,
  refundsOf,
  shippedSale,
} from './claims-support.ts';

describe('claims', { timeout: 240_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let stranger: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'reclamo_vendedor' });
    buyer = await insertBuyer(t, 'reclamo_comprador');
    stranger = await insertBuyer(t, 'reclamo_extrano');
    operator = await insertOperator(t, 'reclamo_operadora');
  }, 300_000);
  afterAll(() => t?.close());

  const get = (token: string | undefined, id: number | string) =>
    t.request('GET', `/api/claims/${id}`, { token });
  const post = (token: string | undefined, path: string, body?: unknown) =>
    t.request('POST', path, { token, body });

  it('opens a claim on a shipped purchase with exactly the contract shape, and tells the seller', async () => {
    const { product } = await shippedSale(t, seller, buyer, 'Funko Batman 01');
    const res = await openClaim(t, buyer.token, {
      product_id: product.id,
      reason: 'no_llego',
      description: `  ${LONG_ENOUGH}  `,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'description',
        'id',
        'messages',
        'opened_at',
        'product_id',
        'product_name',
        'reason',
        'seller_respond_by',
        'status',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      product_id: product.id,
      product_name: 'Funko Batman 01',
      reason: 'no_llego',
      description: LONG_ENOUGH,
      status: 'open',
      messages: [],
    });
    expect(new Date(res.body.seller_respond_by).getTime() - new Date(res.body.opened_at).getTime()).toBe(
      3 * DAY * 1000,
    );
    expect(res.body.opened_at).toMatch(/Z$/);
    const notices = await notificationsOf(t, seller.user.id, 'claim_opened');
    expect(notices.at(-1)).toMatchObject({ link: `/claims/${res.body.id}` });
    // The buyer, the seller and an operator read it; anyone else gets 404, like a missing one.
    for (const u of [buyer, seller, operator])
      expect((await get(u.token, res.body.id)).body).toEqual(res.body);
    expect((await get(stranger.token, res.body.id)).status).toBe(404);
    expect((await get(stranger.token, 999_999)).status).toBe(404);
    expect((await get(undefined, res.body.id)).status).toBe(401);
    expect((await get(buyer.token, 'abc')).status).toBe(400);
  });

  it('only the buyer of a shipped or delivered purchase; bad input is refused with the field message', async () => {
    const pending = await insertPaidBuyNowSale(t, seller, buyer, 20_000, 'Sin enviar');
    const notShipped = await openClaim(t, buyer.token, {
      product_id: pending.product.id,
      reason: 'danado',
      description: LONG_ENOUGH,
    });
    expect(notShipped.status).toBe(409);
    expect(notShipped.body.message).toBe(m.notEligible);
    const { product } = await shippedSale(t, seller, buyer);
    for (const u of [seller, stranger]) {
      const res = await openClaim(t, u.token, {
        product_id: product.id,
        reason: 'danado',
        description: LONG_ENOUGH,
      });
      expect(res.status).toBe(404);
    }
    expect(
      (await openClaim(t, undefined, { product_id: product.id, reason: 'danado', description: LONG_ENOUGH }))
        .status,
    ).toBe(401);
    const bad: Array<[unknown, string]> = [
      [{ product_id: product.id, reason: 'danado', description: 'corto' }, m.descriptionTooShort],
      [{ product_id: product.id, reason: 'danado', description: ' '.repeat(30) }, m.descriptionTooShort],
      [{ product_id: product.id, reason: 'danado', description: 'x'.repeat(1001) }, m.descriptionTooLong],
      [{ product_id: product.id, reason: 'otro', description: LONG_ENOUGH }, m.reasonRequired],
      [{ product_id: 'uno', reason: 'danado', description: LONG_ENOUGH }, m.productIdRequired],
      [{ product_id: product.id, reason: 'danado', description: { $gt: '' } }, m.descriptionTooShort],
    ];
    for (const [body, message] of bad) {
      const res = await openClaim(t, buyer.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContain(message);
    }
    expect(
      (await openClaim(t, buyer.token, { product_id: 999_999, reason: 'danado', description: LONG_ENOUGH }))
        .status,
    ).toBe(404);
    expect(
      (await t.ctx.db.selectFrom('claims').select('id').where('product_id', '=', product.id).execute())
        .length,
    ).toBe(0);
  });

  it('one open claim per purchase, also when the same claim is sent many times at once', async () => {
    const { product } = await shippedSale(t, seller, buyer);
    const body = { product_id: product.id, reason: 'danado', description: LONG_ENOUGH };
    const answers = await Promise.all(Array.from({ length: 8 }, () => openClaim(t, buyer.token, body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.every((a) => a.status === 409 && a.body.message === m.alreadyOpen)).toBe(true);
    const rows = await t.ctx.db
      .selectFrom('claims')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the conversation: buyer, seller and operator write; the other party is told; strangers and closed claims refused', async () => {
    const { product } = await shippedSale(t, seller, buyer);
    const claim = await openedClaim(t, buyer, product.id);
    const path = `/api/claims/${claim.id}/messages`;
    const before = (await notificationsOf(t, seller.user.id, 'claim_message')).length;
    const a = await post(buyer.token, path, { text: '¿Me confirmas si ya lo enviaste?' });
    expect(a.status).toBe(201);
    expect(a.body.message).toBe(m.messageSent);
    expect((await notificationsOf(t, seller.user.id, 'claim_message')).length).toBe(before + 1);
    expect((await post(seller.token, path, { text: 'Sí, salió el lunes.' })).status).toBe(201);
    const byOperator = await post(operator.token, path, { text: 'Estamos revisando el caso.' });
    expect(byOperator.status).toBe(201);
    expect(
      byOperator.body.claim.messages.map((x: { author_role: string; username: string }) => [
        x.author_role,
        x.username,
      ]),
    ).toEqual([
      ['buyer', 'reclamo_comprador'],
      ['seller', 'reclamo_vendedor'],
      ['operator', 'reclamo_operadora'],
    ]);
    expect((await post(stranger.token, path, { text: 'Hola' })).status).toBe(404);
    expect((await post(buyer.token, path, { text: '   ' })).status).toBe(400);
    expect((await post(buyer.token, path, { text: 'x'.repeat(1001) })).status).toBe(400);
    expect((await post(buyer.token, `/api/claims/999999/messages`, { text: 'Hola' })).status).toBe(404);
    // Closed: no more messages.
    expect((await post(seller.token, `/api/claims/${claim.id}/refund`)).status).toBe(200);
    const closed = await post(buyer.token, path, { text: 'Gracias' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(m.closed);
  });

  it('the seller refunds: a durable full refund, the payout cancelled, the buyer told and the purchase shows it', async () => {
    const { product, paymentId } = await shippedSale(t, seller, buyer, 'Hot Wheels Reembolso');
    const claim = await openedClaim(t, buyer, product.id);
    expect((await post(buyer.token, `/api/claims/${claim.id}/refund`)).status).toBe(403);
    expect((await post(operator.token, `/api/claims/${claim.id}/refund`)).status).toBe(403);
    expect((await post(stranger.token, `/api/claims/${claim.id}/refund`)).status).toBe(404);
    const res = await post(seller.token, `/api/claims/${claim.id}/refund`);
    expect(res.status).toBe(200);
    expect(res.body.claim.status).toBe('refunded');
    const refunds = await refundsOf(t, paymentId);
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.amount)).toBe(60_000_00);
    const payout = await payoutOf(t, paymentId);
    // The payout is cancelled, as such in every list (never read as held money).
    expect(payout.status).toBe('cancelled');
    expect(payout.voided_at).not.toBeNull();
    const sellerView = await t.request('GET', `/api/pending-payments/get/${payout.id}`, {
      token: seller.token,
    });
    expect(sellerView.body.payment).toMatchObject({ status: 'cancelled', hold: null });
    const sellerList = await t.request('GET', '/api/pending-payments/seller', { token: seller.token });
    expect(sellerList.body.find((p: { id: string }) => p.id === payout.id)).toMatchObject({
      status: 'cancelled',
    });
    const cancelled = await t.request('GET', '/api/admin/payouts?status=cancelled', {
      token: operator.token,
    });
    expect(cancelled.body.items.map((p: { id: string }) => p.id)).toContain(payout.id);
    const held = await t.request('GET', '/api/admin/payouts?status=held', { token: operator.token });
    expect(held.body.items.map((p: { id: string }) => p.id)).not.toContain(payout.id);
    const csv = await t.request('GET', '/api/admin/payouts/export.csv?status=cancelled', {
      token: operator.token,
    });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('cancelled');
    expect((await notificationsOf(t, buyer.user.id, 'claim_resolved')).at(-1)?.link).toBe(
      `/claims/${claim.id}`,
    );
    const purchases = await t.request('GET', '/api/products/get_purchased_products', { token: buyer.token });
    const row = purchases.body.products.find((p: { product_id: number }) => p.product_id === product.id);
    expect(row.claim).toEqual({ id: claim.id, status: 'refunded' });
    const sales = await t.request('GET', '/api/products/get_sold_products', { token: seller.token });
    expect(
      sales.body.products.find((p: { product_id: number }) => p.product_id === product.id).claim,
    ).toEqual({
      id: claim.id,
      status: 'refunded',
    });
    // The refunds job sends it to the processor (the sandbox records it).
    await t.advanceClock(1);
    expect((await refundsOf(t, paymentId))[0]!.status).toBe('done');
    // A refunded purchase cannot be claimed again.
    const again = await openClaim(t, buyer.token, {
      product_id: product.id,
      reason: 'danado',
      description: LONG_ENOUGH,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.alreadyRefunded);
  });

  it('two refund clicks at once refund once', async () => {
    const { product, paymentId } = await shippedSale(t, seller, buyer);
    const claim = await openedClaim(t, buyer, product.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(seller.token, `/api/claims/${claim.id}/refund`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === m.closed)).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await refundsOf(t, paymentId)).toHaveLength(1);
  });

  it('a seller refund and an operator release at the same moment have one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const { product, paymentId } = await shippedSale(t, seller, buyer);
      const claim = await openedClaim(t, buyer, product.id);
      const [refund, release] = await Promise.all([
        post(seller.token, `/api/claims/${claim.id}/refund`),
        post(operator.token, `/api/admin/claims/${claim.id}/resolve`, {
          outcome: 'release',
          note: 'Llegó según la guía',
        }),
      ]);
      expect([refund.status, release.status].sort()).toEqual([200, 409]);
      const final = (await get(buyer.token, claim.id)).body.status;
      const refunds = await refundsOf(t, paymentId);
      const payout = await payoutOf(t, paymentId);
      if (refund.status === 200) {
        expect(final).toBe('refunded');
        expect(refunds).toHaveLength(1);
        expect(payout.voided_at).not.toBeNull();
      } else {
        expect(final).toBe('released');
        expect(refunds).toHaveLength(0);
        expect(payout.voided_at).toBeNull();
      }
      const audits = await t.ctx.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('target_type', '=', 'claim')
        .where('target_id', '=', String(claim.id))
        .execute();
      expect(audits).toHaveLength(release.status === 200 ? 1 : 0);
    }
  });

  it('escalation: the seller at any time; the buyer only after 3 days without a refund; once', async () => {
    const a = await shippedSale(t, seller, buyer);
    const claimA = await openedClaim(t, buyer, a.product.id);
    expect((await post(stranger.token, `/api/claims/${claimA.id}/escalate`)).status).toBe(404);
    expect((await post(operator.token, `/api/claims/${claimA.id}/escalate`)).status).toBe(403);
    const bySeller = await post(seller.token, `/api/claims/${claimA.id}/escalate`);
    expect(bySeller.status).toBe(200);
    expect(bySeller.body.claim.status).toBe('escalated');
    expect((await notificationsOf(t, buyer.user.id, 'claim_message')).at(-1)?.title).toBe('Reclamo escalado');
    const twice = await post(buyer.token, `/api/claims/${claimA.id}/escalate`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(m.alreadyEscalated);

    const b = await shippedSale(t, seller, buyer);
    const claimB = await openedClaim(t, buyer, b.product.id);
    const early = await post(buyer.token, `/api/claims/${claimB.id}/escalate`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(m.escalateTooSoon);
    await advanceAndRelogin(t, 3 * DAY, [buyer]);
    expect((await post(buyer.token, `/api/claims/${claimB.id}/escalate`)).status).toBe(200);
  });

  it('operators list and resolve claims, in the audit; others get 403; stats count open and escalated', async () => {
    const stats = async () =>
      (await t.request('GET', '/api/admin/stats', { token: operator.token })).body.open_claims;
    const openBefore = await stats();
    const c = await shippedSale(t, seller, buyer, 'Para resolver');
    const claim = await openedClaim(t, buyer, c.product.id);
    expect(await stats()).toBe(openBefore + 1);
    const list = await t.request('GET', '/api/admin/claims', { token: operator.token });
    expect(list.status).toBe(200);
    const item = list.body.items.find((x: { id: number }) => x.id === claim.id);
    expect(item).toMatchObject({
      status: 'open',
      buyer_username: 'reclamo_comprador',
      seller_username: 'reclamo_vendedor',
      amount: 60_000,
    });
    expect(
      list.body.items.every((x: { status: string }) => x.status === 'open' || x.status === 'escalated'),
    ).toBe(true);
    expect(list.body.items[0].status).toBe('escalated');
    expect((await t.request('GET', '/api/admin/claims?status=nada', { token: operator.token })).status).toBe(
      400,
    );
    for (const u of [buyer, seller]) {
      expect((await t.request('GET', '/api/admin/claims', { token: u.token })).status).toBe(403);
      const r = await post(u.token, `/api/admin/claims/${claim.id}/resolve`, {
        outcome: 'release',
        note: 'x',
      });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(adminMessages.operatorOnly);
    }
    const path = `/api/admin/claims/${claim.id}/resolve`;
    expect((await post(operator.token, path, { outcome: 'nada', note: 'x' })).status).toBe(400);
    expect((await post(operator.token, path, { outcome: 'refund', note: '  ' })).status).toBe(400);
    expect(
      (await post(operator.token, '/api/admin/claims/999999/resolve', { outcome: 'refund', note: 'x' }))
        .status,
    ).toBe(404);
    const res = await post(operator.token, path, { outcome: 'refund', note: 'Foto del daño verificada' });
    expect(res.status).toBe(200);
    expect(res.body.claim.status).toBe('refunded');
    expect(await refundsOf(t, c.paymentId)).toHaveLength(1);
    expect(await stats()).toBe(openBefore);
    const audit = await t.request('GET', '/api/admin/audit', { token: operator.token });
    expect(audit.body.items[0]).toMatchObject({
      action: 'resolve_claim',
      note: 'refund: Foto del daño verificada',
    });
    for (const u of [buyer, seller]) {
      expect((await notificationsOf(t, u.user.id, 'claim_resolved')).at(-1)?.link).toBe(
        `/claims/${claim.id}`,
      );
    }
    const again = await post(operator.token, path, { outcome: 'release', note: 'otra vez' });
    expect(again.status).toBe(409);
    const refunded = await t.request('GET', '/api/admin/claims?status=refunded', { token: operator.token });
    expect(refunded.body.items.some((x: { id: number }) => x.id === claim.id)).toBe(true);
  });

  it('lists my claims as buyer and as seller', async () => {
    const mine = await t.request('GET', '/api/claims/mine', { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(
      mine.body.items.every(
        (x: { role: string; other_username: string }) =>
          x.role === 'buyer' && x.other_username === 'reclamo_vendedor',
      ),
    ).toBe(true);
    const theirs = await t.request('GET', '/api/claims/mine?size=2', { token: seller.token });
    expect(theirs.body.items).toHaveLength(2);
    expect(theirs.body.items[0].role).toBe('seller');
    expect(theirs.body.meta.total).toBe(mine.body.meta.total);
    expect((await t.request('GET', '/api/claims/mine', { token: stranger.token })).body.items).toEqual([]);
    expect((await t.request('GET', '/api/claims/mine?size=1000', { token: buyer.token })).status).toBe(400);
  });

  it("the claim page's context: role, parties, amount and tracking; strangers 404", async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 45_000, 'Con guía');
    await post(seller.token, '/api/products/change_shipping_status', {
      product_id: product.id,
      shipping_status: 'shipped',
      carrier: 'coordinadora',
      tracking_number: '99887766',
    });
    const claim = await openedClaim(t, buyer, product.id);
    const ctx = await t.request('GET', `/api/claims/${claim.id}/context`, { token: seller.token });
    expect(ctx.status).toBe(200);
    expect(ctx.body).toMatchObject({
      role: 'seller',
      buyer_username: 'reclamo_comprador',
      seller_username: 'reclamo_vendedor',
      amount: 45_000,
      tracking: { carrier: 'coordinadora', tracking_number: '99887766' },
    });
    expect(
      (await t.request('GET', `/api/claims/${claim.id}/context`, { token: buyer.token })).body.role,
    ).toBe('buyer');
    expect(
      (await t.request('GET', `/api/claims/${claim.id}/context`, { token: operator.token })).body.role,
    ).toBe('operator');
    expect(
      (await t.request('GET', `/api/claims/${claim.id}/context`, { token: stranger.token })).status,
    ).toBe(404);
  });
});
