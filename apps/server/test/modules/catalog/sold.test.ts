import { adminMessages, productMessages, SOLD_ITEMS_LIMIT } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWonItem } from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertBuyer, insertPaidBuyNowSale, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const DAY = 24 * 3600_000;

describe('GET /api/catalog/sold/{productId}', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  /** The product asked about and its category, brand and scale (those of the factories' cars). */
  let target: { id: number; category_id: number; brand_id: number; scale_id: number | null };
  let otherBrand: number;
  let otherScale: number;

  const sold = (id: number | string) => t.request('GET', `/api/catalog/sold/${id}`);

  /** A product of `seller` that sold `daysAgo` days ago for `pesos` (a confirmed payment, or another status). */
  async function sale(input: {
    name: string;
    pesos: number;
    daysAgo: number;
    kind?: 'auction' | 'buy_now';
    status?: 'confirmed' | 'pending' | 'rejected' | 'expired';
    brand_id?: number;
    scale_id?: number | null;
    taken_down?: boolean;
    productId?: number;
  }) {
    const db = t.ctx.db;
    const at = new Date(t.ctx.clock.now().getTime() - input.daysAgo * DAY);
    const status = input.status ?? 'confirmed';
    const productId =
      input.productId ??
      (
        await insertProduct(db, seller.user.id, {
          name: input.name,
          brand_id: input.brand_id ?? target.brand_id,
          scale_id: input.scale_id === undefined ? target.scale_id : input.scale_id,
          status: status === 'confirmed' ? 'sold' : 'available',
          taken_down_at: input.taken_down ? at : null,
        })
      ).id;
    await db
      .insertInto('payments')
      .values({
        kind: input.kind ?? 'buy_now',
        product_id: productId,
        buyer_id: buyer.user.id,
        seller_id: seller.user.id,
        amount: input.pesos * 100,
        status,
        provider: 'sandbox',
        confirmed_at: status === 'confirmed' ? at : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return productId;
  }

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true });
    buyer = await insertBuyer(t, 'comprador_vendidos');
    const db = t.ctx.db;
    // An auction won but never paid: not a sale.
    const won = await insertWonItem(db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now: t.ctx.clock.now(),
      productName: 'Hot Wheels Chevrolet Camaro 1969 verde',
    });
    target = await db
      .selectFrom('products')
      .select(['category_id', 'brand_id', 'scale_id'])
      .where('id', '=', won.product.id)
      .executeTakeFirstOrThrow()
      .then(async (row) => ({
        ...row,
        id: (
          await insertProduct(db, seller.user.id, {
            name: 'Hot Wheels Chevrolet Camaro 1969',
            brand_id: row.brand_id,
            scale_id: row.scale_id,
            can_be_bought: true,
            sell_price: 90_000_00,
          })
        ).id,
      }));
    const brands = await db
      .selectFrom('brands')
      .select('id')
      .where('category_id', '=', target.category_id)
      .where('id', '<>', target.brand_id)
      .executeTakeFirstOrThrow();
    otherBrand = brands.id;
    otherScale = (
      await db.selectFrom('scales').select('id').where('id', '<>', target.scale_id!).executeTakeFirstOrThrow()
    ).id;

    // Four similar paid sales within the year: 100k, 200k, 300k (300 days ago), 400k.
    await sale({ name: 'Chevrolet Camaro 1969 rojo', pesos: 100_000, daysAgo: 10 });
    await sale({ name: 'Camaro 1969 Hot Wheels', pesos: 200_000, daysAgo: 20, kind: 'auction' });
    await sale({ name: 'Chevrolet Camaro 1969', pesos: 400_000, daysAgo: 30 });
    await sale({ name: 'Hot Wheels Camaro 1969 azul', pesos: 300_000, daysAgo: 300 });
    // None of these count.
    await sale({ name: 'Chevrolet Camaro 1969', pesos: 5_000, daysAgo: 5, brand_id: otherBrand });
    await sale({ name: 'Chevrolet Camaro 1969', pesos: 6_000, daysAgo: 5, scale_id: otherScale });
    await sale({ name: 'Ferrari F40 Testarossa', pesos: 7_000, daysAgo: 5 });
    await sale({ name: 'Chevrolet Camaro 1969', pesos: 8_000, daysAgo: 366 });
    await sale({ name: 'Chevrolet Camaro 1969', pesos: 9_000, daysAgo: 2, status: 'pending' });
    await sale({ name: 'Chevrolet Camaro 1969', pesos: 9_500, daysAgo: 2, status: 'rejected' });
    await sale({ name: 'Chevrolet Camaro 1969', pesos: 9_900, daysAgo: 2, taken_down: true });
    // The product itself once sold (a payment on its own id): never its own comparison.
    await sale({ name: '', pesos: 1_000, daysAgo: 1, productId: target.id });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists paid sales of similar products, newest first, with count, median, min and max', async () => {
    const res = await sold(target.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((i: { price: number }) => i.price)).toEqual([
      100_000, 200_000, 400_000, 300_000,
    ]);
    const first = res.body.items[0];
    expect(first).toMatchObject({ name: 'Chevrolet Camaro 1969 rojo', kind: 'buy_now', price: 100_000 });
    expect(res.body.items[1].kind).toBe('auction');
    // The clock runs on between seeding and asking: the sale was paid 10 days (and some ms) ago.
    const age = t.ctx.clock.now().getTime() - new Date(first.sold_at).getTime();
    expect(Math.abs(age - 10 * DAY)).toBeLessThan(60_000);
    expect('image' in first).toBe(true);
    // Even count: the mean of the two middle prices (200k and 300k).
    expect(res.body.stats).toEqual({ count: 4, median: 250_000, min: 100_000, max: 400_000 });
  });

  it('answers without logging in, and the same for a product of another seller', async () => {
    const other = await insertUserWithToken(t, { is_seller: true });
    const mine = await insertProduct(t.ctx.db, other.user.id, {
      name: 'Chevrolet Camaro 1969 negro',
      brand_id: target.brand_id,
      scale_id: target.scale_id,
    });
    const res = await t.request('GET', `/api/catalog/sold/${mine.id}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.stats.count).toBe(4);
  });

  it('counts a sale paid through the checkout, and not the won auction left unpaid', async () => {
    const vinylSeller = await insertUserWithToken(t, { is_seller: true });
    await insertPaidBuyNowSale(t, vinylSeller, buyer, 77_000, 'Funko Pop Goku Super Saiyajin');
    const asked = await insertProduct(t.ctx.db, vinylSeller.user.id, {
      name: 'Funko Pop Goku',
      categoryName: 'Figuras de vinilo',
    });
    const res = await sold(asked.id);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ name: 'Funko Pop Goku Super Saiyajin', price: 77_000, kind: 'buy_now' }),
    ]);
    expect(res.body.stats).toEqual({ count: 1, median: 77_000, min: 77_000, max: 77_000 });
  });

  it('lists the newest SOLD_ITEMS_LIMIT sales and states the stats over all of them', async () => {
    const prices = Array.from({ length: SOLD_ITEMS_LIMIT + 2 }, (_, i) => 10_000 + i * 1_000);
    // The oldest sale is the cheapest: it and the next one fall off the list, not off the stats.
    for (const [i, pesos] of prices.entries())
      await sale({ name: `Toyota Supra MK4 ${i}`, pesos, daysAgo: 200 - i });
    const asked = await insertProduct(t.ctx.db, seller.user.id, {
      name: 'Toyota Supra MK4',
      brand_id: target.brand_id,
      scale_id: target.scale_id,
    });
    const res = await sold(asked.id);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(SOLD_ITEMS_LIMIT);
    expect(res.body.items[0].price).toBe(prices.at(-1));
    expect(res.body.items.at(-1).price).toBe(prices[2]);
    expect(res.body.stats).toMatchObject({ count: prices.length, min: prices[0], max: prices.at(-1) });
  });

  it('answers an empty list and null stats when nothing similar sold', async () => {
    const lonely = await insertProduct(t.ctx.db, seller.user.id, {
      name: 'Lamborghini Countach LP400 dorado',
      brand_id: target.brand_id,
      scale_id: target.scale_id,
    });
    const res = await sold(lonely.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], stats: { count: 0, median: null, min: null, max: null } });
  });

  it('answers 404 for an unknown product, a malformed id and a taken-down product', async () => {
    for (const id of [2_000_000_000, 'abc', 0, -3, '99999999999']) {
      const res = await sold(id);
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe(productMessages.notFound);
    }
    const gone = await insertProduct(t.ctx.db, seller.user.id, {
      name: 'Chevrolet Camaro 1969 retirado',
      brand_id: target.brand_id,
      scale_id: target.scale_id,
      taken_down_at: t.ctx.clock.now(),
    });
    const res = await sold(gone.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(adminMessages.productTakenDown);
  });

  it('keeps to the last 365 days of the clock: a sale 300 days old drops out 100 days later', async () => {
    await t.advanceClock(100 * 24 * 3600);
    const res = await sold(target.id);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { price: number }) => i.price)).toEqual([100_000, 200_000, 400_000]);
    // Odd count: the middle price.
    expect(res.body.stats).toEqual({ count: 3, median: 200_000, min: 100_000, max: 400_000 });
  });
});
