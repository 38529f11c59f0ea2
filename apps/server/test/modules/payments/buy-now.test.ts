import { paymentMessages as m, productMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSandboxSecret } from '../../../src/modules/payments/create-provider.ts';
import {
  boldNotification,
  insertBuyNowProduct,
  insertShippingAddress,
  signedDelivery,
} from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('buy now with the sandbox checkout', () => {
  let t: TestApp;
  let seller: User;
  let ana: User;
  let beto: User;
  let secret: string;

  beforeAll(async () => {
    t = await startTestApp();
    secret = resolveSandboxSecret(undefined, t.ctx.config.dataDir);
    seller = await insertUserWithToken(t, { is_seller: true, username: 'bn_vendedor' });
    ana = await insertUserWithToken(t, { username: 'bn_ana', name: 'Ana' });
    beto = await insertUserWithToken(t, { username: 'bn_beto', name: 'Beto' });
    await insertShippingAddress(t.ctx.db, ana.user.id, { is_default: true, city: 'Bogotá' });
    await insertShippingAddress(t.ctx.db, beto.user.id, { is_default: true, city: 'Pasto' });
  });
  afterAll(() => t?.close());

  const buy = (token: string | undefined, productId: number | string) =>
    t.request('GET', `/api/bold/buy_product/${productId}`, { token });
  const productRow = (id: number) =>
    t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentsOf = (productId: number) =>
    t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('created_at')
      .execute();

  it('buys a product end to end: link, checkout, confirmed, sold, payout, notices', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 80_000_00, 'Funko Pop Vegeta');
    const res = await buy(ana.token, product.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ payment_id: expect.any(String), payment_link: expect.any(String) });
    expect(res.body.payment_link).toMatch(new RegExp(`^${t.url}/sandbox/bold/checkout/LNK_`));
    // Still on sale while unpaid.
    expect(await productRow(product.id)).toMatchObject({ status: 'available' });

    // Clicking again reuses the open checkout instead of piling up payments.
    const again = await buy(ana.token, product.id);
    expect(again.body).toEqual(res.body);
    expect(await paymentsOf(product.id)).toHaveLength(1);

    const page = await (await fetch(res.body.payment_link)).text();
    expect(page).toContain('$ 80.000');
    expect(page).toContain('Compra directa · Funko Pop Vegeta');
    const approved = await fetch(`${res.body.payment_link}/approve`, { method: 'POST', redirect: 'manual' });
    expect(approved.headers.get('location')).toBe(
      `/payment?bold-order-id=${res.body.payment_id}&bold-tx-status=approved`,
    );

    const verified = await t.request('GET', `/api/bold/verify/${res.body.payment_id}`, { token: ana.token });
    expect(verified.body).toMatchObject({
      status: 'confirmed',
      kind: 'buy_now',
      auction_id: null,
      amount: 80_000,
    });
    expect(await productRow(product.id)).toMatchObject({ status: 'sold' });
    const [payment] = await paymentsOf(product.id);
    expect(payment).toMatchObject({ kind: 'buy_now', buyer_id: ana.user.id, seller_id: seller.user.id });
    expect(payment!.shipping_address).toMatchObject({ city: 'Bogotá' });
    const payout = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', res.body.payment_id)
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({
      product_amount: 80_000_00,
      commission_amount: 8_000_00,
      payable_amount: 72_000_00,
    });
    const notes = await t.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'link'])
      .where('message', 'like', '%Funko Pop Vegeta%')
      .orderBy('id')
      .execute();
    expect(notes).toEqual([
      { user_id: ana.user.id, type: 'payment_confirmed', link: `/products/buy/${product.id}` },
      { user_id: seller.user.id, type: 'item_sold', link: '/products/sold/' },
    ]);

    // Sold: nobody can buy it again.
    const late = await buy(beto.token, product.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(m.notAvailable);
  });

  it('two buyers starting a checkout at the same moment: one reservation, the other 409', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 45_501_00, 'Carta Charizard');
    const [a, b] = await Promise.all([buy(ana.token, product.id), buy(beto.token, product.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    expect(loser.body.message).toBe(m.reservedByOther);
    expect(await paymentsOf(product.id)).toHaveLength(1);

    // The holder asking again gets the same checkout back.
    const holder = a.status === 200 ? ana : beto;
    const again = await buy(holder.token, product.id);
    expect(again.body.payment_id).toBe(winner.body.payment_id);

    // The checkout shows what is charged, in whole pesos.
    const page = await (await fetch(winner.body.payment_link)).text();
    expect(page).toContain('$ 45.501 COP');
    const paid = await fetch(`${winner.body.payment_link}/approve`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(await productRow(product.id)).toMatchObject({ status: 'sold' });
    expect(
      await t.ctx.db.selectFrom('payouts').select('id').where('product_id', '=', product.id).execute(),
    ).toHaveLength(1);
    const other = a.status === 200 ? beto : ana;
    const late = await buy(other.token, product.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(m.notAvailable);
  });

  it('one buyer clicking several times at once gets one checkout: one payment, one link', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 12_000_00, 'Carta Pikachu');
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy(ana.token, product.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.payment_id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.payment_link)).size).toBe(1);
    expect(await paymentsOf(product.id)).toHaveLength(1);
  });

  it('while a buyer is paying, the seller can neither edit the product nor put it in an auction', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 30_000_00, 'Figura Goku');
    expect((await buy(ana.token, product.id)).status).toBe(200);
    const edit = () =>
      t.request('PUT', `/api/products/update/${product.id}`, {
        token: seller.token,
        body: { name: 'Caja vacía', description: 'Solo la caja' },
      });
    const list = () =>
      t.request('POST', '/api/auctions/create', {
        token: seller.token,
        body: { title: 'Subasta', products: [product.id] },
      });
    for (const res of [await edit(), await list()]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(productMessages.reservedByBuyer);
    }
    expect(await productRow(product.id)).toMatchObject({ name: 'Figura Goku', status: 'available' });
    expect(
      await t.ctx.db.selectFrom('auctions').select('id').where('owner_id', '=', seller.user.id).execute(),
    ).toEqual([]);

    // The window over and unpaid: the product is the seller's again.
    await t.advanceClock(30 * 60 + 1);
    expect((await edit()).status).toBe(200);
    expect((await list()).status).toBe(201);
  });

  it('the reservation ends with its 30-minute window: then another buyer may start', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 20_000_00, 'Hot Wheels Bone Shaker');
    expect((await buy(ana.token, product.id)).status).toBe(200);
    await t.advanceClock(29 * 60);
    expect((await buy(beto.token, product.id)).status).toBe(409);
    await t.advanceClock(60 + 1);
    const taken = await buy(beto.token, product.id);
    expect(taken.status).toBe(200);
    // Now Ana's old link cannot be renewed while Beto holds the product.
    const anaPayment = (await paymentsOf(product.id)).find((p) => p.buyer_id === ana.user.id)!;
    expect(anaPayment.status).toBe('expired');
    const renew = await t.request('GET', `/api/bold/create/${anaPayment.id}`, { token: ana.token });
    expect(renew.status).toBe(409);
  });

  it('many approvals arriving at once (old expired checkouts and the holder) still make one sale', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 10_000_00, 'Matchbox Land Rover');
    const buyers = [ana, beto];
    for (let i = 0; i < 3; i++) {
      const extra = await insertUserWithToken(t, { username: `bn_multi_${i}` });
      await insertShippingAddress(t.ctx.db, extra.user.id, { is_default: true });
      buyers.push(extra);
    }
    // One checkout after another, each started when the previous window had ended.
    const links = [];
    for (const [i, u] of buyers.entries()) {
      if (i > 0) await t.advanceClock(31 * 60);
      const res = await buy(u.token, product.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      links.push(res);
    }
    const notifications = links.map((l) =>
      signedDelivery(boldNotification({ reference: l.body.payment_id, totalPesos: 10_000 }), secret),
    );
    const results = await Promise.all(
      notifications.map((d) =>
        t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(buyers.map(() => 200));
    // Only the current holder's charge confirms; the late ones are refused (and refunded).
    expect(results.map((r) => r.body.result)).toEqual([
      ...buyers.slice(1).map(() => 'not_confirmed'),
      'confirmed',
    ]);
    const confirmed = (await paymentsOf(product.id)).filter((p) => p.status === 'confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.buyer_id).toBe(buyers.at(-1)!.user.id);
  });

  it('explains every refusal in Spanish', async () => {
    const mine = await insertBuyNowProduct(t.ctx.db, seller.user.id);
    const own = await buy(seller.token, mine.id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(m.ownProduct);

    const notBuyable = await insertProduct(t.ctx.db, seller.user.id, { can_be_bought: false });
    const nb = await buy(ana.token, notBuyable.id);
    expect(nb.status).toBe(409);
    expect(nb.body.message).toBe(m.notBuyable);

    const inAuction = await insertProduct(t.ctx.db, seller.user.id, {
      can_be_bought: true,
      sell_price: 5_000_00,
      status: 'in_auction',
    });
    const ia = await buy(ana.token, inAuction.id);
    expect(ia.status).toBe(409);
    expect(ia.body.message).toBe(m.notAvailable);

    const homeless = await insertUserWithToken(t, { username: 'bn_sin_direccion' });
    await insertShippingAddress(t.ctx.db, homeless.user.id, { is_default: false });
    const nd = await buy(homeless.token, mine.id);
    expect(nd.status).toBe(400);
    expect(nd.body).toEqual({
      message: m.defaultAddressRequired,
      code: 'DEFAULT_ADDRESS_REQUIRED',
      errors: [m.defaultAddressRequired],
    });

    for (const id of ['999999', '0', 'abc', '1.5', '-3']) {
      const res = await buy(ana.token, id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.productNotFound);
    }
    expect((await buy(undefined, mine.id)).status).toBe(401);
    expect(await paymentsOf(mine.id)).toHaveLength(0);
  });

  it('expires an unpaid buy-now checkout with its link', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 12_000_00, 'Maisto Lamborghini');
    const res = await buy(ana.token, product.id);
    await t.advanceClock(29 * 60);
    expect((await paymentsOf(product.id))[0]!.status).toBe('pending');
    await t.advanceClock(2 * 60);
    expect((await paymentsOf(product.id))[0]!.status).toBe('expired');
    expect(await productRow(product.id)).toMatchObject({ status: 'available' });
    expect((await fetch(res.body.payment_link)).status).toBe(410);
    const regen = await t.request('GET', `/api/bold/create/${res.body.payment_id}`, { token: ana.token });
    expect(regen.status).toBe(409);
    expect(regen.body.message).toBe(m.paymentExpired);

    // Bold may notify a payment made just before the link expired up to 10 minutes late:
    // the product is still on sale, so the sale goes through.
    const late = signedDelivery(
      boldNotification({ reference: res.body.payment_id, totalPesos: 12_000 }),
      secret,
    );
    const delivered = await t.request('POST', '/api/bold/webhook', {
      rawBody: late.rawBody,
      headers: late.headers,
    });
    expect(delivered.body.result).toBe('confirmed');
    expect(await productRow(product.id)).toMatchObject({ status: 'sold' });

    // A fresh click after expiry opens a new checkout for an available product.
    const other = await insertBuyNowProduct(t.ctx.db, seller.user.id, 12_000_00, 'Maisto Ferrari');
    const first = await buy(beto.token, other.id);
    await t.advanceClock(31 * 60);
    const second = await buy(beto.token, other.id);
    expect(second.body.payment_id).not.toBe(first.body.payment_id);
  });
});
