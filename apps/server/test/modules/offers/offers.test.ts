import { offerMessages as m, paymentMessages, trustMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyNowProduct, insertShippingAddress } from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;
const HOUR = 3600;

describe('offers on buy-now products', () => {
  let t: TestApp;
  let seller: User;
  let ana: User;
  let beto: User;
  let carla: User;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'of_vendedor' });
    ana = await insertUserWithToken(t, { username: 'of_ana' });
    beto = await insertUserWithToken(t, { username: 'of_beto' });
    carla = await insertUserWithToken(t, { username: 'of_carla' });
    for (const u of [ana, beto, carla])
      await insertShippingAddress(t.ctx.db, u.user.id, { is_default: true });
  });
  afterAll(() => t?.close());

  /** A buy-now product at `price` pesos that accepts offers, with optional automatic prices. */
  async function offerable(price: number, auto: { accept?: number; decline?: number } = {}, name?: string) {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, price * 100, name);
    await t.ctx.db
      .updateTable('products')
      .set({
        accepts_offers: true,
        auto_accept_price: auto.accept ? auto.accept * 100 : null,
        auto_decline_price: auto.decline ? auto.decline * 100 : null,
      })
      .where('id', '=', product.id)
      .execute();
    return product;
  }
  const offer = (u: User, productId: number, amount: number, message?: string) =>
    t.request('POST', '/api/offers', { token: u.token, body: { product_id: productId, amount, message } });
  const step = (u: User, id: number, action: 'accept' | 'decline' | 'counter', amount?: number) =>
    t.request('POST', `/api/offers/${id}/${action}`, {
      token: u.token,
      body: action === 'counter' ? { amount } : undefined,
    });
  const product = (id: number) =>
    t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentsOf = (productId: number) =>
    t.ctx.db.selectFrom('payments').selectAll().where('product_id', '=', productId).execute();
  const noticesOf = (userId: number) =>
    t.ctx.db
      .selectFrom('notifications')
      .select(['type', 'title', 'message', 'link'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();

  it('makes an offer: the seller is notified (and e-mailed), both sides list it', async () => {
    const p = await offerable(450_000, {}, 'Figura Goku SSJ');
    const res = await offer(ana, p.id, 400_000, 'Lo recojo en Bogotá');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(m.created);
    expect(res.body.offer).toMatchObject({
      role: 'buyer',
      product_id: p.id,
      amount: 400_000,
      counter_amount: null,
      status: 'pending',
      buyer_username: 'of_ana',
      seller_username: 'of_vendedor',
      payment_id: null,
    });
    const expires =
      new Date(res.body.offer.expires_at).getTime() - new Date(res.body.offer.created_at).getTime();
    expect(expires).toBe(48 * HOUR * 1000);
    const [notice] = await noticesOf(seller.user.id);
    expect(notice).toMatchObject({ type: 'offer', title: 'Nueva oferta', link: '/ofertas' });
    expect(notice!.message).toContain('Figura Goku SSJ');
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['kind', 'preference'])
      .where('user_id', '=', seller.user.id)
      .where('kind', '=', 'offer')
      .execute();
    expect(mail).toEqual([{ kind: 'offer', preference: 'payment' }]);

    const mineBuyer = await t.request('GET', '/api/offers/mine', { token: ana.token });
    expect(mineBuyer.body.items).toEqual([expect.objectContaining({ id: res.body.offer.id, role: 'buyer' })]);
    const mineSeller = await t.request('GET', '/api/offers/mine?role=seller', { token: seller.token });
    expect(mineSeller.body.items.map((o: any) => [o.id, o.role])).toContainEqual([
      res.body.offer.id,
      'seller',
    ]);
    expect(mineSeller.body.meta).toMatchObject({ page: 1 });
  });

  it('refuses: not logged in, own product, no offers, at or above the price, hostile input', async () => {
    const p = await offerable(100_000);
    expect((await t.request('POST', '/api/offers', { body: { product_id: p.id, amount: 1 } })).status).toBe(
      401,
    );
    const own = await offer(seller, p.id, 90_000);
    expect(own.status).toBe(403);
    const high = await offer(ana, p.id, 100_000);
    expect(high.status).toBe(400);
    expect(high.body.fields).toEqual({ amount: m.amountBelowPrice });
    const cents = await offer(ana, p.id, 90_000.5);
    expect(cents.status).toBe(400);
    expect(cents.body.fields.amount).toBeTruthy();
    const missing = await offer(ana, 2_000_000_000, 1000);
    expect(missing.status).toBe(404);
    const plain = await insertBuyNowProduct(t.ctx.db, seller.user.id, 100_000_00);
    const closed = await offer(ana, plain.id, 90_000);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(m.notAccepting);
    expect(
      await t.ctx.db.selectFrom('offers').selectAll().where('product_id', 'in', [p.id, plain.id]).execute(),
    ).toEqual([]);
  });

  it('a buyer the seller blocked makes no offers (403)', async () => {
    const p = await offerable(100_000);
    const blocked = await t.request('POST', '/api/sellers/blocked', {
      token: seller.token,
      body: { username: 'of_carla' },
    });
    expect(blocked.status).toBeLessThan(300);
    const res = await offer(carla, p.id, 80_000);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(trustMessages.buyerBlocked);
    await t.request('DELETE', '/api/sellers/blocked/of_carla', { token: seller.token });
    expect((await offer(carla, p.id, 80_000)).status).toBe(201);
  });

  it('at most 3 offers per buyer per product, also when sent at once', async () => {
    const p = await offerable(200_000);
    const all = await Promise.all([1, 2, 3, 4, 5].map((i) => offer(beto, p.id, 100_000 + i * 1000)));
    expect(all.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    for (const r of all.filter((x) => x.status === 409))
      expect(r.body.message).toBe('Ya hiciste 3 ofertas por este producto');
    // Another buyer still may.
    expect((await offer(carla, p.id, 150_000)).status).toBe(201);
  });

  it('automatic prices: at or above accept is accepted at once, below decline declined; both private', async () => {
    const p = await offerable(500_000, { accept: 450_000, decline: 300_000 });
    const low = await offer(ana, p.id, 299_000);
    expect(low.status).toBe(201);
    expect(low.body).toMatchObject({ message: m.autoDeclined, offer: { status: 'declined' } });
    const hi = await offer(beto, p.id, 450_000);
    expect(hi.body).toMatchObject({ message: m.autoAccepted, offer: { status: 'accepted' } });
    expect(hi.body.offer.payment_id).toEqual(expect.any(String));
    const [payment] = await paymentsOf(p.id);
    expect(payment).toMatchObject({
      kind: 'offer',
      buyer_id: beto.user.id,
      amount: 450_000_00,
      status: 'pending',
    });
    // Nobody else may offer or buy while it is reserved for the accepted offer.
    const reserved = await offer(carla, p.id, 400_000);
    expect(reserved.status).toBe(409);
    expect(reserved.body.message).toBe(m.reservedByOther);
    const buy = await t.request('GET', `/api/bold/buy_product/${p.id}`, { token: carla.token });
    expect(buy.status).toBe(409);
    expect(buy.body.message).toBe(paymentMessages.reservedByOther);

    // The owner sees the automatic prices; nobody else does.
    const own = await t.request('GET', `/api/products/get_product/${p.id}`, { token: seller.token });
    expect(own.body).toMatchObject({
      accepts_offers: true,
      auto_accept_price: 450_000,
      auto_decline_price: 300_000,
    });
    const other = await t.request('GET', `/api/products/get_product/${p.id}`, { token: ana.token });
    expect(other.body.accepts_offers).toBe(true);
    expect(other.body).not.toHaveProperty('auto_accept_price');
    const buyPage = await t.request('GET', `/api/products/get_product_buy/${p.id}`);
    expect(buyPage.body.product.accepts_offers).toBe(true);
    expect(JSON.stringify(buyPage.body)).not.toContain('auto_');
  });

  it('counter, the buyer accepts, pays on the sandbox like a won item: sold once, payout, others declined', async () => {
    const p = await offerable(300_000, {}, 'Hot Wheels Supra');
    const first = (await offer(ana, p.id, 200_000)).body.offer;
    const other = (await offer(carla, p.id, 210_000)).body.offer;

    // Only the seller answers an offer; the buyer answers the counter; a stranger sees nothing.
    expect((await step(ana, first.id, 'accept')).body.message).toBe(m.waitingSeller);
    expect((await step(beto, first.id, 'accept')).status).toBe(404);
    const lowCounter = await step(seller, first.id, 'counter', 150_000);
    expect(lowCounter.body.fields).toEqual({ amount: m.counterAboveOffer });
    const countered = await step(seller, first.id, 'counter', 260_000);
    expect(countered.status).toBe(200);
    expect(countered.body.offer).toMatchObject({
      status: 'countered',
      counter_amount: 260_000,
      role: 'seller',
    });
    expect((await noticesOf(ana.user.id))[0]).toMatchObject({
      type: 'offer',
      title: 'Contraoferta del vendedor',
    });
    expect((await step(seller, first.id, 'accept')).body.message).toBe(m.waitingBuyer);

    const accepted = await step(ana, first.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.offer).toMatchObject({ status: 'accepted', role: 'buyer' });
    const mine = await t.request('GET', '/api/offers/mine', { token: carla.token });
    expect(mine.body.items.find((o: any) => o.id === other.id).status).toBe('declined');
    expect((await noticesOf(carla.user.id))[0]!.title).toBe('Oferta cerrada');
    expect((await noticesOf(seller.user.id))[0]!.title).toBe('Aceptaron tu contraoferta');

    // In 'Subastas ganadas' like a won item, with a 48-hour window.
    const won = await t.request('GET', '/api/payments/get_payments_by_user_id', { token: ana.token });
    const item = won.body.find((w: any) => w.payment_id === accepted.body.offer.payment_id);
    expect(item).toMatchObject({
      kind: 'offer',
      auction_id: null,
      amount: 260_000,
      status: 'pending',
      seller_username: 'of_vendedor',
    });
    const link = await t.request('POST', `/api/bold/create/${item.payment_id}`, { token: ana.token });
    expect(link.status).toBe(201);
    const page = await (await fetch(link.body.payment_link)).text();
    expect(page).toContain('Oferta aceptada · Hot Wheels Supra');
    expect(page).toContain('$ 260.000');
    await fetch(`${link.body.payment_link}/approve`, { method: 'POST', redirect: 'manual' });
    expect((await product(p.id)).status).toBe('sold');
    const payout = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', item.payment_id)
      .executeTakeFirstOrThrow();
    expect(payout.product_amount).toBe(260_000_00);
    const purchases = await t.request('GET', '/api/products/get_purchased_products', { token: ana.token });
    expect(purchases.body.products).toContainEqual(
      expect.objectContaining({ product_id: p.id, price: 260_000 }),
    );
    // A settled offer takes no more steps.
    expect((await step(ana, first.id, 'decline')).body.message).toBe(m.notOpen);
  });

  it('two accepts at once, and an accept racing a buy-now checkout: sold once', async () => {
    const p = await offerable(100_000);
    const a = (await offer(ana, p.id, 80_000)).body.offer;
    const b = (await offer(beto, p.id, 85_000)).body.offer;
    const [ra, rb] = await Promise.all([step(seller, a.id, 'accept'), step(seller, b.id, 'accept')]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const open = (await paymentsOf(p.id)).filter((x) => x.status === 'pending');
    expect(open).toHaveLength(1);

    const q = await offerable(100_000);
    const c = (await offer(ana, q.id, 90_000)).body.offer;
    const [accept, buy] = await Promise.all([
      step(seller, c.id, 'accept'),
      t.request('GET', `/api/bold/buy_product/${q.id}`, { token: carla.token }),
    ]);
    expect([accept.status, buy.status].sort()).toEqual([200, 409]);
    expect((await paymentsOf(q.id)).filter((x) => x.status === 'pending')).toHaveLength(1);
  });

  it('an offer on a product taken down or sold meanwhile cannot be accepted', async () => {
    const p = await offerable(100_000);
    const o = (await offer(ana, p.id, 70_000)).body.offer;
    const checkout = await t.request('GET', `/api/bold/buy_product/${p.id}`, { token: beto.token });
    await fetch(`${checkout.body.payment_link}/approve`, { method: 'POST', redirect: 'manual' });
    expect((await product(p.id)).status).toBe('sold');
    const late = await step(seller, o.id, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(m.notAvailable);

    const q = await offerable(100_000);
    const o2 = (await offer(ana, q.id, 70_000)).body.offer;
    await t.ctx.db
      .updateTable('products')
      .set({ status: 'cancelled', taken_down_at: new Date(), takedown_reason: 'Falsificación' })
      .where('id', '=', q.id)
      .execute();
    expect((await step(seller, o2.id, 'accept')).status).toBe(409);
    expect((await offer(beto, q.id, 60_000)).status).toBe(404);
    expect(await paymentsOf(q.id)).toEqual([]);
  });

  it('unanswered offers expire after 48 hours; an accepted one unpaid for 48 hours frees the product', async () => {
    const p = await offerable(100_000);
    const pending = (await offer(ana, p.id, 70_000)).body.offer;
    const q = await offerable(100_000);
    const accepted = (await offer(beto, q.id, 75_000)).body.offer;
    await step(seller, accepted.id, 'accept');

    await t.advanceClock(47 * HOUR);
    let mine = await t.request('GET', '/api/offers/mine', { token: ana.token });
    expect(mine.body.items.find((o: any) => o.id === pending.id).status).toBe('pending');
    await t.advanceClock(1 * HOUR + 1);
    mine = await t.request('GET', '/api/offers/mine', { token: ana.token });
    expect(mine.body.items.find((o: any) => o.id === pending.id).status).toBe('expired');
    expect((await step(seller, pending.id, 'accept')).body.message).toBe(m.notOpen);
    expect((await noticesOf(ana.user.id)).map((n) => n.title)).toContain('Oferta vencida');

    const [payment] = await paymentsOf(q.id);
    expect(payment).toMatchObject({ kind: 'offer', status: 'expired' });
    // Unpaid like a won item: a strike, told in the expiry notice.
    expect((await noticesOf(beto.user.id)).map((n) => n.title)).toContain(trustMessages.strikeNoticeTitle);
    const strikes = await t.ctx.db
      .selectFrom('unpaid_strikes')
      .selectAll()
      .where('user_id', '=', beto.user.id)
      .execute();
    expect(strikes.map((x) => x.payment_id)).toContain(payment!.id);
    // The reservation is over: someone else may buy it now, at the listed price.
    const buy = await t.request('GET', `/api/bold/buy_product/${q.id}`, { token: carla.token });
    expect(buy.status).toBe(200);
    // An expired offer's payment gets no fresh link.
    const link = await t.request('POST', `/api/bold/create/${payment!.id}`, { token: beto.token });
    expect(link.status).toBe(409);
  });

  it('the seller turns offers on with automatic prices below the price when editing', async () => {
    const p = await insertBuyNowProduct(t.ctx.db, seller.user.id, 200_000_00);
    const bad = await t.request('PUT', `/api/products/update/${p.id}`, {
      token: seller.token,
      body: { accepts_offers: true, auto_accept_price: 200_000 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ auto_accept_price: m.autoAcceptInvalid });
    const ok = await t.request('PUT', `/api/products/update/${p.id}`, {
      token: seller.token,
      body: { accepts_offers: true, auto_accept_price: 180_000, auto_decline_price: 100_000 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.product).toMatchObject({
      accepts_offers: true,
      auto_accept_price: 180_000,
      auto_decline_price: 100_000,
    });
  });
});
