import { paymentMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSandboxSecret } from '../../../src/modules/payments/create-provider.ts';
import { insertAuction } from '../../factories/auctions.ts';
import {
  boldNotification,
  insertShippingAddress,
  insertWonItem,
  signedDelivery,
} from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('won-auction payment through the sandbox', () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let other: User;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'won_vendedora', name: 'Vera' });
    buyer = await insertUserWithToken(t, { username: 'won_comprador', name: 'Bruno' });
    other = await insertUserWithToken(t, { username: 'won_otro' });
    await insertShippingAddress(t.ctx.db, buyer.user.id, {
      is_default: true,
      address: 'Calle 5 # 38-25',
      city: 'Cali',
      state: 'Valle del Cauca',
      postal_code: '760042',
    });
  });
  afterAll(() => t?.close());

  const wonList = async (token: string) =>
    (await t.request('GET', '/api/payments/get_payments_by_user_id', { token })).body as any[];
  const paymentRow = (id: string) =>
    t.ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const productRow = (id: number) =>
    t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const notes = (userId: number) =>
    t.ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('runs the whole flow: won item → link → sandbox checkout → confirmed, sold, payout, notices', async () => {
    const { auction, product, paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      amountCentavos: 150_000_00,
      now: t.ctx.clock.now(),
    });

    const before = await wonList(buyer.token);
    expect(before).toEqual([
      expect.objectContaining({
        auction_id: auction.id,
        payment_id: paymentId,
        product_id: product.id,
        product_name: 'Hot Wheels Camaro 1969',
        status: 'pending',
        amount: 150_000,
        currency: 'COP',
        payment_link: null,
      }),
    ]);
    expect(await wonList(other.token)).toEqual([]);

    const created = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ payment_id: paymentId, status: 'pending', message: m.linkCreated });
    expect(created.body.payment_link).toMatch(
      new RegExp(`^${t.url}/sandbox/bold/checkout/LNK_[A-Z0-9]{12}$`),
    );
    const link = created.body.payment_link as string;

    // Asking again while the link is good hands out the same link.
    const again = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
    expect(again.status).toBe(201);
    expect(again.body.payment_link).toBe(link);
    expect((await wonList(buyer.token))[0].payment_link).toBe(link);

    const checkout = await fetch(link);
    expect(checkout.status).toBe(200);
    expect(checkout.headers.get('content-type')).toContain('text/html');
    expect(checkout.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await checkout.text();
    expect(html).toContain('$ 150.000');
    expect(html).toContain(`Subasta #${auction.id} · Hot Wheels Camaro 1969`);
    expect(html).toContain('Aprobar pago');
    expect(html).toContain('Rechazar pago');
    expect(html).not.toContain('<script');

    const approved = await fetch(`${link}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(
      `/payment?bold-order-id=${paymentId}&bold-tx-status=approved`,
    );

    const verified = await t.request('GET', `/api/bold/verify/${paymentId}`, { token: buyer.token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      payment_id: paymentId,
      status: 'confirmed',
      kind: 'auction',
      auction_id: auction.id,
      product_id: product.id,
      amount: 150_000,
      message: null,
    });

    const payment = await paymentRow(paymentId);
    expect(payment).toMatchObject({ status: 'confirmed', shipping_status: 'pending' });
    expect(payment.provider_tx_id).toMatch(/^SBX/);
    expect(payment.shipping_address).toEqual({
      address: 'Calle 5 # 38-25',
      city: 'Cali',
      state: 'Valle del Cauca',
      country: 'Colombia',
      zip_code: '760042',
    });
    expect(await productRow(product.id)).toMatchObject({ status: 'sold' });

    const payouts = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();
    expect(payouts).toEqual([
      expect.objectContaining({
        seller_id: seller.user.id,
        product_id: product.id,
        product_amount: 150_000_00,
        commission_amount: 15_000_00,
        payment_processor_fee: 0,
        payable_amount: 135_000_00,
        status: 'held',
      }),
    ]);

    expect((await notes(buyer.user.id)).map((n) => n.type)).toEqual(['payment_confirmed']);
    expect((await notes(seller.user.id)).map((n) => n.type)).toEqual(['item_sold']);

    const after = await wonList(buyer.token);
    expect(after[0]).toMatchObject({ status: 'confirmed', payment_link: null });

    // Paid: no new link, and the sandbox link is spent.
    const paidAgain = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body.message).toBe(m.paymentAlreadyConfirmed);
    // A second click of the spent checkout goes to the result again and charges nothing more.
    const replayButton = await fetch(`${link}/approve`, { method: 'POST', redirect: 'manual' });
    expect(replayButton.status).toBe(303);
    expect(replayButton.headers.get('location')).toBe(
      `/payment?bold-order-id=${paymentId}&bold-tx-status=approved`,
    );
    expect((await fetch(link)).status).toBe(409);
    expect(
      await t.ctx.db.selectFrom('payment_events').select('id').where('payment_id', '=', paymentId).execute(),
    ).toHaveLength(1);
    expect((await notes(buyer.user.id)).length).toBe(1);

    // The seller sees the sale with the buyer and the address.
    const sold = await t.request('GET', '/api/products/get_sold_products', { token: seller.token });
    expect(sold.status).toBe(200);
    expect(sold.body.products).toEqual([
      expect.objectContaining({
        product_id: product.id,
        payment_id: paymentId,
        sold_price: 150_000,
        buyer_name: 'Bruno',
        buyer_username: 'won_comprador',
        buyer_email: buyer.user.email,
        buyer_phone: null,
        shipping_address: expect.objectContaining({ city: 'Cali', zip_code: '760042' }),
        product_status: 'sold',
        shipping_status: 'pending',
      }),
    ]);
  });

  it('is the winner’s alone: others get 404, no token 401, odd ids 404', async () => {
    const { paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now: t.ctx.clock.now(),
    });
    for (const path of [`/api/bold/create/${paymentId}`, `/api/bold/verify/${paymentId}`]) {
      const res = await t.request('GET', path, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.paymentNotFound);
      expect((await t.request('GET', path)).status).toBe(401);
      // The seller is not the buyer either.
      expect((await t.request('GET', path, { token: seller.token })).status).toBe(404);
    }
    for (const bad of [
      '123',
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
      "'; drop table payments; --",
    ]) {
      const res = await t.request('GET', `/api/bold/create/${encodeURIComponent(bad)}`, {
        token: buyer.token,
      });
      expect(res.status).toBe(404);
    }
    expect((await paymentRow(paymentId)).payment_link).toBeNull();
    expect((await t.request('GET', '/api/payments/get_payments_by_user_id')).status).toBe(401);
  });

  it('asks for a default shipping address before the first link', async () => {
    const homeless = await insertUserWithToken(t, { username: 'won_sin_direccion' });
    const { paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: homeless.user.id,
      now: t.ctx.clock.now(),
    });
    const res = await t.request('GET', `/api/bold/create/${paymentId}`, { token: homeless.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.defaultAddressRequired);
    expect((await paymentRow(paymentId)).payment_link).toBeNull();
  });

  it('a rejected payment can be paid with a fresh link', async () => {
    const { product, paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now: t.ctx.clock.now(),
    });
    const first = (await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token })).body
      .payment_link as string;
    const rejected = await fetch(`${first}/reject`, { method: 'POST', redirect: 'manual' });
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get('location')).toBe(
      `/payment?bold-order-id=${paymentId}&bold-tx-status=rejected`,
    );

    const verified = await t.request('GET', `/api/bold/verify/${paymentId}`, { token: buyer.token });
    expect(verified.body).toMatchObject({ status: 'rejected', message: m.paymentRejected });
    expect(await productRow(product.id)).toMatchObject({ status: 'in_auction' });
    const listed = (await wonList(buyer.token)).find((i) => i.payment_id === paymentId);
    expect(listed).toMatchObject({ status: 'rejected', payment_link: null });

    const fresh = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
    expect(fresh.status).toBe(201);
    expect(fresh.body.payment_link).not.toBe(first);
    expect(fresh.body.status).toBe('pending');
    // The old link is spent once a fresh one replaces it.
    expect((await fetch(first)).status).toBe(404);

    await fetch(`${fresh.body.payment_link}/approve`, { method: 'POST', redirect: 'manual' });
    expect((await paymentRow(paymentId)).status).toBe('confirmed');
    expect(await productRow(product.id)).toMatchObject({ status: 'sold' });
  });

  it('approving at once from several tabs charges once: no refund, no refund notice', async () => {
    const { product, paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now: t.ctx.clock.now(),
    });
    const link = (await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token })).body
      .payment_link as string;
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${link}/approve`, { method: 'POST', redirect: 'manual' })),
    );
    for (const click of clicks) {
      expect(click.status).toBe(303);
      expect(click.headers.get('location')).toBe(
        `/payment?bold-order-id=${paymentId}&bold-tx-status=approved`,
      );
    }
    expect((await paymentRow(paymentId)).status).toBe('confirmed');
    expect(await productRow(product.id)).toMatchObject({ status: 'sold' });
    const refunds = await t.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();
    expect(refunds).toEqual([]);
    const payouts = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();
    expect(payouts).toHaveLength(1);
    const refundNotices = (await notes(buyer.user.id)).filter((n) =>
      /reembols/i.test(`${n.title} ${n.message}`),
    );
    expect(refundNotices).toEqual([]);
  });

  it('replaces an expired link with a fresh one', async () => {
    const { paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now: t.ctx.clock.now(),
    });
    const first = (await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token })).body;
    // Links of won items live until the 72 h window ends, at most 24 h.
    expect(new Date(first.link_expires_at).getTime() - t.ctx.clock.now().getTime()).toBeLessThanOrEqual(
      24 * 3600 * 1000,
    );
    await t.advanceClock(24 * 3600 + 60);
    expect((await fetch(first.payment_link)).status).toBe(410);
    const listed = (await wonList(buyer.token)).find((i) => i.payment_id === paymentId);
    expect(listed).toMatchObject({ status: 'pending', payment_link: null });
    const fresh = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
    expect(fresh.status).toBe(201);
    expect(fresh.body.payment_link).not.toBe(first.payment_link);
    expect((await fetch(fresh.body.payment_link)).status).toBe(200);
  });

  it('expires unpaid won items 72 h after the close and gives the product back to the seller', async () => {
    const now = t.ctx.clock.now();
    const { product, paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now,
    });
    const link = (await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token })).body;
    await t.advanceClock(71 * 3600);
    expect((await paymentRow(paymentId)).status).toBe('pending');
    await t.advanceClock(3600 + 5);

    expect(await paymentRow(paymentId)).toMatchObject({ status: 'expired' });
    expect(await productRow(product.id)).toMatchObject({ status: 'available', auction_id: null });
    const listed = (await wonList(buyer.token)).find((i) => i.payment_id === paymentId);
    expect(listed).toMatchObject({ status: 'expired', payment_link: null });

    const res = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.paymentExpired);

    // A late approval cannot sell a product that went back to its seller.
    const secret = resolveSandboxSecret(undefined, t.ctx.config.dataDir);
    const late = signedDelivery(boldNotification({ reference: paymentId, totalPesos: 150_000 }), secret);
    const delivered = await t.request('POST', '/api/bold/webhook', {
      rawBody: late.rawBody,
      headers: late.headers,
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body.result).toBe('not_confirmed');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'expired', status_note: m.noLongerReserved });
    expect(await productRow(product.id)).toMatchObject({ status: 'available' });
    expect(link.payment_link).toBeTruthy();
  });

  it('pays an item won through the auctions API and the test clock', async () => {
    const bidder = await insertUserWithToken(t, { username: 'won_pujador' });
    await insertShippingAddress(t.ctx.db, bidder.user.id, { is_default: true });
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      durationHours: 1,
      product: { reserve_price: 500_00 },
    });
    const productId = products[0]!.id;
    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: bidder.token,
      body: { amount: 2_501, auction_id: auction.id, product_id: productId },
    });
    expect(bid.status).toBe(201);
    await t.advanceClock(3600 + 1);

    const items = await wonList(bidder.token);
    expect(items).toEqual([
      expect.objectContaining({
        auction_id: auction.id,
        product_id: productId,
        status: 'pending',
        amount: 2_501,
      }),
    ]);
    const link = (await t.request('GET', `/api/bold/create/${items[0].payment_id}`, { token: bidder.token }))
      .body.payment_link as string;
    const page = await (await fetch(link)).text();
    // The checkout shows what is charged, in whole pesos as Bold charges them.
    expect(page).toContain('$ 2.501 COP');
    await fetch(`${link}/approve`, { method: 'POST', redirect: 'manual' });
    expect((await wonList(bidder.token))[0].status).toBe('confirmed');
    const payout = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', items[0].payment_id)
      .executeTakeFirstOrThrow();
    // 10 % of $2.501 = $250,10; payable $2.250,90 (the commission keeps its centavos).
    expect(payout).toMatchObject({
      product_amount: 250_100,
      commission_amount: 25_010,
      payable_amount: 225_090,
    });
  });
});
