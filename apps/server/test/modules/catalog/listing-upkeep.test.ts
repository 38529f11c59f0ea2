import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { insertBuyer, insertPaidBuyNowSale, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/**
 * Browsing reads catalog_listing, which triggers keep in the writes' own transactions. After
 * writes through the real routes (bids, a purchase, an auction closing, edits) and direct ones
 * (a take-down, a seller suspended), the table must equal what the source tables say is buyable.
 */
describe('catalog_listing follows every write', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;

  /** The listing recomputed from products, auctions and auction_products (ends not compared to now). */
  async function expected() {
    const { rows } = await sql<Record<string, unknown>>`
      select p.id as product_id, 'buy_now' as kind, null::integer as auction_id, p.sell_price::bigint as price,
             null::timestamptz as end_time, 0 as bids_count, p.condition, p.category_id, p.brand_id, p.scale_id,
             (select ps.search_text from product_search ps where ps.product_id = p.id) as search_text
        from products p where p.status = 'available' and p.can_be_bought
      union all
      select p.id, 'auction', a.id, coalesce(ap.highest_bid, p.base_price, 0)::bigint, coalesce(ap.end_time, a.end_time),
             ap.bid_count, p.condition, p.category_id, p.brand_id, p.scale_id,
             (select ps.search_text from product_search ps where ps.product_id = p.id)
        from auctions a join auction_products ap on ap.auction_id = a.id join products p on p.id = ap.product_id
       where a.status = 'active' and p.status = 'in_auction'
      order by 1`.execute(t.ctx.db);
    return rows.map(normal);
  }
  async function actual() {
    const { rows } = await sql<Record<string, unknown>>`
      select product_id, kind, auction_id, price, end_time, bids_count, condition, category_id, brand_id, scale_id,
             search_text
        from catalog_listing l order by 1`.execute(t.ctx.db);
    return rows.map(normal);
  }
  const normal = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        v instanceof Date
          ? v.toISOString()
          : typeof v === 'bigint' || k === 'price'
            ? v === null
              ? null
              : Number(v)
            : v,
      ]),
    );
  const listed = async (productId: number) =>
    (await actual()).find((row) => row.product_id === productId) ?? null;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true });
    buyer = await insertBuyer(t, 'comprador_listado');
  });
  afterAll(() => t?.close());

  it('a bid moves the price and the bid count in the same write', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 2,
    });
    const res = await t.request('POST', '/api/bids/create-bid', {
      token: buyer.token,
      body: { amount: 1500, auction_id: auction.id, product_id: products[0]!.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await listed(products[0]!.id)).toMatchObject({ kind: 'auction', price: 1500_00, bids_count: 1 });
    expect(await actual()).toEqual(await expected());
  });

  it("a late bid (soft close) moves its product's end in the listing, not its siblings'", async () => {
    const now = t.ctx.clock.now();
    const end = new Date(now.getTime() + 30_000);
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now,
      productCount: 3,
      startTime: new Date(now.getTime() - 3600_000),
      endTime: end,
    });
    const [late, sibling] = [products[0]!.id, products[1]!.id];
    const res = await t.request('POST', '/api/bids/create-bid', {
      token: buyer.token,
      body: { amount: 1500, auction_id: auction.id, product_id: late },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(new Date(res.body.end_time).getTime()).toBeGreaterThan(end.getTime());
    expect(await listed(late)).toMatchObject({
      end_time: new Date(res.body.end_time).toISOString(),
      bids_count: 1,
    });
    expect(await listed(sibling)).toMatchObject({ end_time: end.toISOString(), bids_count: 0 });
    expect(await actual()).toEqual(await expected());

    // An auction's end that moves alone reaches the products without an end of their own.
    const other = await insertAuction(t.ctx.db, seller.user.id, { now, productCount: 2 });
    const own = new Date(now.getTime() + 5 * 3600_000);
    await t.ctx.db
      .updateTable('auction_products')
      .set({ end_time: own })
      .where('product_id', '=', other.products[0]!.id)
      .execute();
    const later = new Date(now.getTime() + 48 * 3600_000);
    await t.ctx.db
      .updateTable('auctions')
      .set({ end_time: later })
      .where('id', '=', other.auction.id)
      .execute();
    expect(await listed(other.products[0]!.id)).toMatchObject({ end_time: own.toISOString() });
    expect(await listed(other.products[1]!.id)).toMatchObject({ end_time: later.toISOString() });
    expect(await actual()).toEqual(await expected());
  });

  it('a write that changes nothing listed leaves the listing row as it was', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
    });
    const id = products[0]!.id;
    const res = await t.request('POST', '/api/bids/create-bid', {
      token: buyer.token,
      body: { amount: 2500, auction_id: auction.id, product_id: id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const buyNow = await insertBuyNowProduct(t.ctx.db, seller.user.id, 30_000_00, 'Funko Pop Quieto');
    // A row's xmin names the transaction that wrote its version: unchanged, nothing was written.
    const versions = async () =>
      (
        await sql<{ product_id: number; xmin: string }>`
          select product_id, xmin::text as xmin from catalog_listing
           where product_id in (${id}, ${buyNow.id}) order by product_id`.execute(t.ctx.db)
      ).rows;
    const before = await versions();
    expect(before).toHaveLength(2);
    // Columns set to their own values, and a base price that the highest bid hides.
    await sql`update auction_products set highest_bid = highest_bid, bid_count = bid_count, end_time = end_time
               where product_id = ${id}`.execute(t.ctx.db);
    await sql`update auctions set end_time = end_time, status = status where id = ${auction.id}`.execute(
      t.ctx.db,
    );
    await sql`update products set sell_price = sell_price, status = status where id = ${buyNow.id}`.execute(
      t.ctx.db,
    );
    await t.ctx.db.updateTable('products').set({ base_price: 1_00 }).where('id', '=', id).execute();
    expect(await versions()).toEqual(before);
    expect(await listed(id)).toMatchObject({ price: 2500_00, bids_count: 1 });
    expect(await actual()).toEqual(await expected());
  });

  it('a paid purchase, a take-down and a price edit change the listing at once', async () => {
    const { product: sold } = await insertPaidBuyNowSale(t, seller, buyer, 44_000, 'Funko Pop Vendido');
    expect(await listed(sold.id)).toBeNull();
    const edited = await insertBuyNowProduct(t.ctx.db, seller.user.id, 10_000_00, 'Funko Pop Editado');
    expect(await listed(edited.id)).toMatchObject({ kind: 'buy_now', price: 10_000_00 });
    await t.ctx.db
      .updateTable('products')
      .set({ sell_price: 12_000_00 })
      .where('id', '=', edited.id)
      .execute();
    expect(await listed(edited.id)).toMatchObject({ price: 12_000_00 });
    // A rename reaches the listing's copy of the search text (a term finds the new name).
    await t.ctx.db
      .updateTable('products')
      .set({ name: 'Funko Pop Renombrado' })
      .where('id', '=', edited.id)
      .execute();
    expect((await listed(edited.id))?.search_text).toContain('renombrado');
    const found = await t.request('GET', '/api/catalog/browse?q=renombrado');
    expect(found.body.items.map((i: { product_id: number }) => i.product_id)).toEqual([edited.id]);
    await t.ctx.db.updateTable('products').set({ status: 'cancelled' }).where('id', '=', edited.id).execute();
    expect(await listed(edited.id)).toBeNull();
    expect(await actual()).toEqual(await expected());
  });

  it('an auction that closes on the clock leaves the listing; an aborted write leaves it as it was', async () => {
    const { products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      durationHours: 1,
    });
    expect(await listed(products[0]!.id)).not.toBeNull();
    await t.advanceClock(2 * 3600);
    expect(await listed(products[0]!.id)).toBeNull();
    // A rolled-back write takes its listing change with it.
    const kept = await insertBuyNowProduct(t.ctx.db, seller.user.id, 20_000_00, 'Funko Pop Firme');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ status: 'cancelled' }).where('id', '=', kept.id).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await listed(kept.id)).toMatchObject({ kind: 'buy_now', price: 20_000_00 });
    expect(await actual()).toEqual(await expected());
  });
});
