import {
  CONTACT_SAFETY_MESSAGE,
  vacationMessages as m,
  marketDay,
  questionMessages,
  VACATION_MESSAGE_MAX,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Vacation mode: while a seller is away their buy-now products are neither bought nor offered
 * on, questions get their message as the answer, and they start no auctions; running auctions go
 * on. Ending it, or the day passing, restores everything.
 */
describe('vacation mode', { timeout: 180_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let other: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'vac_vendedora' });
    other = await insertUserWithToken(t, { is_seller: true, username: 'vac_otro' });
    buyer = await insertBuyer(t, 'vac_comprador');
  }, 60_000);
  afterAll(() => t?.close());

  /** "YYYY-MM-DD" in Bogotá, `days` from the server's now. */
  const dayIn = (days: number) => marketDay(new Date(t.ctx.clock.now().getTime() + days * DAY_MS));
  const setVacation = (u: TestUser | undefined, body: unknown) =>
    t.request('PUT', '/api/sellers/vacation', { token: u?.token, body });
  const offerable = async (owner: TestUser) => {
    const product = await insertBuyNowProduct(t.ctx.db, owner.user.id, 100_000_00);
    await t.ctx.db
      .updateTable('products')
      .set({ accepts_offers: true })
      .where('id', '=', product.id)
      .execute();
    return product;
  };
  const buy = (productId: number) =>
    t.request('GET', `/api/bold/buy_product/${productId}`, { token: buyer.token });
  const offer = (productId: number) =>
    t.request('POST', '/api/offers', { token: buyer.token, body: { product_id: productId, amount: 50_000 } });
  const bid = (race: Awaited<ReturnType<typeof insertAuction>>, amount: number) =>
    t.request('POST', '/api/bids/create-bid', {
      token: buyer.token,
      body: { auction_id: race.auction.id, product_id: race.products[0]!.id, amount },
    });

  it('is refused with clear messages: not a seller, a past day, a bad date, a long or contact message', async () => {
    expect((await setVacation(undefined, { away_until: dayIn(3) })).status).toBe(401);
    const notSeller = await setVacation(buyer, { away_until: dayIn(3) });
    expect(notSeller.status).toBe(403);
    expect(notSeller.body.message).toBe(m.sellersOnly);

    const past = await setVacation(seller, { away_until: dayIn(-1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(m.datePast);
    const bad = await setVacation(seller, { away_until: '2026-02-31' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.dateInvalid);
    const missing = await setVacation(seller, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(m.dateRequired);
    const long = await setVacation(seller, {
      away_until: dayIn(3),
      message: 'a'.repeat(VACATION_MESSAGE_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(m.messageTooLong);
    const contact = await setVacation(seller, {
      away_until: dayIn(3),
      message: 'Escríbeme a vendedora@example.com mientras tanto',
    });
    expect(contact.status).toBe(400);
    expect(contact.body.message).toBe(CONTACT_SAFETY_MESSAGE);

    // Nothing was stored by the refusals.
    const profile = await t.request('GET', '/api/users/profile', { token: seller.token });
    expect(profile.status).toBe(200);
    expect(profile.body.away_until).toBeNull();
    expect(profile.body.away_message).toBeNull();
  });

  it('while away: no buying, no offers, questions auto-answered, no auctions started; running ones take bids', async () => {
    const product = await offerable(seller);
    const othersProduct = await offerable(other);
    const upcoming = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      status: 'upcoming',
    });
    const running = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      endTime: new Date(t.ctx.clock.now().getTime() + 10 * DAY_MS),
    });
    const forAuction = await insertProduct(t.ctx.db, seller.user.id, { name: 'Para subasta' });

    const until = dayIn(3);
    const set = await setVacation(seller, {
      away_until: until,
      message: '  Vuelvo pronto, gracias por esperar  ',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({
      message: m.saved(until),
      away_until: until,
      away_message: 'Vuelvo pronto, gracias por esperar',
    });

    // Both profiles and the product page carry it.
    const own = await t.request('GET', '/api/users/profile', { token: seller.token });
    expect([own.body.away_until, own.body.away_message]).toEqual([
      until,
      'Vuelvo pronto, gracias por esperar',
    ]);
    const pub = await t.request('GET', '/api/users/public/vac_vendedora');
    expect([pub.body.away_until, pub.body.away_message]).toEqual([
      until,
      'Vuelvo pronto, gracias por esperar',
    ]);
    const page = await t.request('GET', `/api/products/get_product_buy/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.body.owner.away_until).toBe(until);
    expect(m.away(until)).toMatch(/^Vendedor de vacaciones hasta \d{1,2} de [a-z]+ de \d{4}$/);

    const bought = await buy(product.id);
    expect(bought.status).toBe(409);
    expect(bought.body.message).toBe(m.away(until));
    expect(
      await t.ctx.db.selectFrom('payments').select('id').where('product_id', '=', product.id).execute(),
    ).toEqual([]);
    const offered = await offer(product.id);
    expect(offered.status).toBe(409);
    expect(offered.body.message).toBe(m.away(until));

    const asked = await t.request('POST', '/api/questions', {
      token: buyer.token,
      body: { product_id: product.id, text: '¿Viene con la caja original?' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.question.answer?.text).toBe('Vuelvo pronto, gracias por esperar');
    const stored = await t.ctx.db
      .selectFrom('questions')
      .select(['answer_text', 'seller_id'])
      .where('id', '=', asked.body.question.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ answer_text: 'Vuelvo pronto, gracias por esperar', seller_id: seller.user.id });
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select(['type', 'title'])
      .where('user_id', '=', buyer.user.id)
      .where('type', '=', 'question_answered')
      .execute();
    expect(notices).toEqual([{ type: 'question_answered', title: questionMessages.answeredTitle }]);

    const created = await t.request('POST', '/api/auctions/create', {
      token: seller.token,
      body: { title: 'En vacaciones', duration: 5, products: [forAuction.id] },
    });
    expect(created.status).toBe(409);
    expect(created.body.message).toBe(m.cannotStartAuction(until));
    const activated = await t.request('GET', `/api/auctions/${upcoming.auction.id}/activate`, {
      token: seller.token,
    });
    expect(activated.status).toBe(409);
    expect(activated.body.message).toBe(m.cannotStartAuction(until));
    const upcomingRow = await t.ctx.db
      .selectFrom('auctions')
      .select('status')
      .where('id', '=', upcoming.auction.id)
      .executeTakeFirstOrThrow();
    expect(upcomingRow.status).toBe('upcoming');

    // The running auction goes on.
    const placed = await bid(running, 5_000);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    // Another seller's products and profile are untouched.
    expect((await offer(othersProduct.id)).status).toBe(201);
    const otherPub = await t.request('GET', '/api/users/public/vac_otro');
    expect([otherPub.body.away_until, otherPub.body.away_message]).toEqual([null, null]);
    const otherPage = await t.request('GET', `/api/products/get_product_buy/${othersProduct.id}`);
    expect(otherPage.body.owner.away_until).toBeNull();
    const otherRow = await t.ctx.db
      .selectFrom('users')
      .select(['away_until', 'away_message'])
      .where('id', '=', other.user.id)
      .executeTakeFirstOrThrow();
    expect(otherRow).toEqual({ away_until: null, away_message: null });

    // Ending the vacation restores everything.
    const ended = await setVacation(seller, { away_until: null });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ message: m.ended, away_until: null, away_message: null });
    expect((await t.request('GET', '/api/users/public/vac_vendedora')).body.away_until).toBeNull();
    expect(
      (await t.request('GET', `/api/products/get_product_buy/${product.id}`)).body.owner.away_until,
    ).toBeNull();
    expect((await offer(product.id)).status).toBe(201);
    const again = await t.request('POST', '/api/questions', {
      token: buyer.token,
      body: { product_id: product.id, text: '¿Tiene algún detalle en la pintura?' },
    });
    expect(again.status).toBe(201);
    expect(again.body.question.answer).toBeNull();
    const activatedNow = await t.request('GET', `/api/auctions/${upcoming.auction.id}/activate`, {
      token: seller.token,
    });
    expect(activatedNow.status, JSON.stringify(activatedNow.body)).toBe(200);
    const boughtNow = await buy(product.id);
    expect(boughtNow.status, JSON.stringify(boughtNow.body)).toBe(200);
  });

  it('without a message the automatic answer names the day; the vacation ends by itself after that day', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 80_000_00);
    const until = dayIn(0);
    expect((await setVacation(seller, { away_until: until })).status).toBe(200);
    const asked = await t.request('POST', '/api/questions', {
      token: buyer.token,
      body: { product_id: product.id, text: '¿Hace envíos a Medellín?' },
    });
    expect(asked.body.question.answer?.text).toBe(m.defaultAnswer(until));
    expect((await buy(product.id)).status).toBe(409);

    // The day ends in Bogotá: the seller is back.
    await t.advanceClock(DAY_MS / 1000 + 60);
    expect((await t.request('GET', '/api/users/public/vac_vendedora')).body.away_until).toBeNull();
    const bought = await buy(product.id);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  });
});
