import { paymentMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSandboxSecret } from '../../../src/modules/payments/create-provider.ts';
import {
  boldNotification,
  insertBuyNowProduct,
  insertShippingAddress,
  signedDelivery,
} from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

async function sell(t: TestApp, buyer: User, productId: number, totalPesos: number) {
  const res = await t.request('GET', `/api/bold/buy_product/${productId}`, { token: buyer.token });
  expect(res.status).toBe(200);
  const secret = resolveSandboxSecret(t.ctx.config.BOLD_SECRET_KEY, t.ctx.config.dataDir);
  const d = signedDelivery(boldNotification({ reference: res.body.payment_id, totalPesos }), secret);
  const delivered = await t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers });
  expect(delivered.body.result).toBe('confirmed');
  return res.body.payment_id as string;
}

describe('seller payouts (pending payments)', () => {
  let t: TestApp;
  let seller: User;
  let rival: User;
  let buyer: User;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'po_vendedor' });
    rival = await insertUserWithToken(t, { is_seller: true, username: 'po_rival' });
    buyer = await insertUserWithToken(t, { username: 'po_comprador' });
    await insertShippingAddress(t.ctx.db, buyer.user.id, { is_default: true });
  });
  afterAll(() => t?.close());

  it('splits each sale into commission and payable, to the centavo, and lists them newest first', async () => {
    // $12.345: commission 10 % = $1.234,50; payable $11.110,50 (a payout keeps its centavos).
    const p1 = await insertBuyNowProduct(t.ctx.db, seller.user.id, 1_234_500, 'Carta Mewtwo');
    const pay1 = await sell(t, buyer, p1.id, 12_345);
    await t.advanceClock(60);
    // $99.999: commission $9.999,90; payable $89.999,10.
    const p2 = await insertBuyNowProduct(t.ctx.db, seller.user.id, 9_999_900, 'Figura Kidrobot');
    const pay2 = await sell(t, buyer, p2.id, 99_999);

    const list = await t.request('GET', '/api/pending-payments/seller', { token: seller.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        payment_id: pay2,
        product_id: p2.id,
        product_name: 'Figura Kidrobot',
        product_amount: 99_999,
        commission_amount: 9_999.9,
        payment_processor_fee: 0,
        payable_amount: 89_999.1,
        currency: 'COP',
        status: 'held',
      }),
      expect.objectContaining({
        payment_id: pay1,
        product_amount: 12_345,
        commission_amount: 1_234.5,
        payment_processor_fee: 0,
        payable_amount: 11_110.5,
      }),
    ]);
    for (const p of list.body) {
      expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(p.created_at).toMatch(/Z$/);
      expect(Math.round((p.commission_amount + p.payable_amount) * 100)).toBe(
        Math.round(p.product_amount * 100),
      );
    }

    const detail = await t.request('GET', `/api/pending-payments/get/${list.body[1].id}`, {
      token: seller.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({
      product: { id: p1.id, name: 'Carta Mewtwo', image: null },
      payment: list.body[1],
    });
  });

  it('shows payouts to their seller only', async () => {
    const list = (await t.request('GET', '/api/pending-payments/seller', { token: seller.token })).body;
    const id = list[0].id as string;
    expect((await t.request('GET', '/api/pending-payments/seller', { token: rival.token })).body).toEqual([]);
    expect((await t.request('GET', '/api/pending-payments/seller', { token: buyer.token })).body).toEqual([]);
    for (const token of [rival.token, buyer.token]) {
      const res = await t.request('GET', `/api/pending-payments/get/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.payoutNotFound);
    }
    for (const bad of ['1', 'x', '00000000-0000-4000-8000-000000000000']) {
      expect(
        (await t.request('GET', `/api/pending-payments/get/${bad}`, { token: seller.token })).status,
      ).toBe(404);
    }
    expect((await t.request('GET', '/api/pending-payments/seller')).status).toBe(401);
    expect((await t.request('GET', `/api/pending-payments/get/${id}`)).status).toBe(401);
  });

  it('pages the list (size at most 100)', async () => {
    const one = await t.request('GET', '/api/pending-payments/seller?size=1&page=2', { token: seller.token });
    expect(one.body).toHaveLength(1);
    expect(
      (await t.request('GET', '/api/pending-payments/seller?size=101', { token: seller.token })).status,
    ).toBe(400);
  });
});

describe('COMMISSION_RATE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { COMMISSION_RATE: '0.075', BOLD_SECRET_KEY: 'a-configured-sandbox-secret' },
    });
  });
  afterAll(() => t?.close());

  it('applies the configured rate with centavos', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true });
    const buyer = await insertUserWithToken(t);
    await insertShippingAddress(t.ctx.db, buyer.user.id, { is_default: true });
    // 7,5 % of $2.501 = 187,575 → $187,58 (half up); payable $2.313,42.
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 250_100);
    await sell(t, buyer, product.id, 2_501);
    const [payout] = (await t.request('GET', '/api/pending-payments/seller', { token: seller.token })).body;
    expect(payout).toMatchObject({
      product_amount: 2_501,
      commission_amount: 187.58,
      payable_amount: 2_313.42,
    });
  });
});
