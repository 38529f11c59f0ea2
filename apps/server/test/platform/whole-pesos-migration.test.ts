import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wholePesos from '../../src/platform/migrations/2026-11-26T0100-whole-pesos.ts';
import { insertAuction } from '../factories/auctions.ts';
import { insertProduct } from '../factories/products.ts';
import { insertUser } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/**
 * The whole-pesos migration on data stored when the API took centavos: the migration is taken
 * back (its checks dropped), centavos rows are written, and it runs again.
 */
describe('migration: money becomes whole pesos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // Starting the app and logging in (scrypt) is slow on a shared, busy machine.
  }, 300_000);
  afterAll(() => t?.close());

  it('rounds stored centavos, keeps every product’s bid history strictly increasing, then refuses centavos', async () => {
    const db = t.ctx.db;
    // Taken back alone (later migrations stay): its checks go, centavos can be written again.
    await wholePesos.down(db as never);

    const now = new Date();
    const seller = await insertUser(db, { is_seller: true });
    const [a, b, c] = await Promise.all([insertUser(db), insertUser(db), insertUser(db)]);
    const priced = await insertProduct(db, seller.id, {
      reserve_price: 1_234_50,
      base_price: 999_49,
      can_be_bought: true,
      sell_price: 40,
    });
    const { auction, products } = await insertAuction(db, seller.id, {
      now,
      productCount: 2,
      minOffer: 10_60,
      maxOffer: 10_80,
    });
    const tied = products[0]!;
    const whole = products[1]!;
    // Ties once rounded: 100.40 and 100.45 are both 100; 100.60 and 101.00 both 101.
    const amounts = [99_60, 100_40, 100_45, 101_00, 105_00];
    const bidders = [a!, b!, c!, a!, b!];
    for (const [i, amount] of amounts.entries()) {
      await db
        .insertInto('bids')
        .values({
          auction_id: auction.id,
          product_id: tied.id,
          user_id: bidders[i]!.id,
          amount,
          created_at: new Date(now.getTime() + i),
        })
        .execute();
    }
    for (const [i, amount] of [500_00, 600_00].entries()) {
      await db
        .insertInto('bids')
        .values({
          auction_id: auction.id,
          product_id: whole.id,
          user_id: bidders[i]!.id,
          amount,
          created_at: now,
        })
        .execute();
    }
    await db
      .updateTable('auction_products')
      .set({ highest_bid: 105_00, highest_bidder_id: b!.id, bid_count: 5 })
      .where('auction_id', '=', auction.id)
      .where('product_id', '=', tied.id)
      .execute();
    await db
      .insertInto('bid_ceilings')
      .values({
        auction_id: auction.id,
        product_id: tied.id,
        user_id: a!.id,
        max_amount: 200_50,
        set_order: 1,
        updated_at: now,
      })
      .execute();

    await wholePesos.up(db as never);

    expect(
      await db
        .selectFrom('products')
        .select(['reserve_price', 'base_price', 'sell_price'])
        .where('id', '=', priced.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ reserve_price: 1_235_00, base_price: 999_00, sell_price: 1_00 });
    // The increments widen: the minimum down, the maximum up, so the maximum stays above it.
    expect(
      await db
        .selectFrom('auctions')
        .select(['min_offer', 'max_offer'])
        .where('id', '=', auction.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ min_offer: 10_00, max_offer: 11_00 });
    const history = async (productId: number) =>
      (
        await db
          .selectFrom('bids')
          .select(['amount', 'user_id'])
          .where('product_id', '=', productId)
          .orderBy('id')
          .execute()
      ).map((r) => [r.amount, r.user_id]);
    // Each bid in its place, each one peso above the one before when rounding would tie them.
    expect(await history(tied.id)).toEqual([
      [100_00, a!.id],
      [101_00, b!.id],
      [102_00, c!.id],
      [103_00, a!.id],
      [105_00, b!.id],
    ]);
    expect(await history(whole.id)).toEqual([
      [500_00, a!.id],
      [600_00, b!.id],
    ]);
    const race = await db
      .selectFrom('auction_products')
      .select(['highest_bid', 'highest_bidder_id'])
      .where('product_id', '=', tied.id)
      .executeTakeFirstOrThrow();
    expect(race).toEqual({ highest_bid: 105_00, highest_bidder_id: b!.id });
    const ceiling = await db.selectFrom('bid_ceilings').select('max_amount').executeTakeFirstOrThrow();
    expect(ceiling.max_amount).toBe(201_00);

    // From now on the database itself refuses centavos.
    await expect(
      db.updateTable('products').set({ reserve_price: 10_50 }).where('id', '=', priced.id).execute(),
    ).rejects.toThrow(/whole_pesos/);
    await expect(
      db
        .insertInto('bids')
        .values({
          auction_id: auction.id,
          product_id: whole.id,
          user_id: c!.id,
          amount: 700_01,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow(/whole_pesos/);
  });

  it('lifts a tied winning bid above its rounded amount and moves the race’s top with it', async () => {
    const db = t.ctx.db;
    await wholePesos.down(db as never);
    const now = new Date();
    const seller = await insertUser(db, { is_seller: true });
    const [a, b] = await Promise.all([insertUser(db), insertUser(db)]);
    const { auction, products } = await insertAuction(db, seller.id, { now, productCount: 1 });
    const product = products[0]!;
    for (const [i, amount] of [50_10, 50_20].entries()) {
      await db
        .insertInto('bids')
        .values({
          auction_id: auction.id,
          product_id: product.id,
          user_id: [a, b][i]!.id,
          amount,
          created_at: now,
        })
        .execute();
    }
    await db
      .updateTable('auction_products')
      .set({ highest_bid: 50_20, highest_bidder_id: b.id, bid_count: 2 })
      .where('product_id', '=', product.id)
      .execute();
    await wholePesos.up(db as never);
    const amounts = await db
      .selectFrom('bids')
      .select('amount')
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(amounts.map((r) => r.amount)).toEqual([50_00, 51_00]);
    const race = await db
      .selectFrom('auction_products')
      .select('highest_bid')
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(race.highest_bid).toBe(51_00);
  });
});
