import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { photosOf } from '../../platform/images.ts';

/** Products of an auction with their race state and catalogue names. */
function raceRows(db: Database, auctionId: number) {
  return db
    .selectFrom('auction_products as ap')
    .innerJoin('products as p', 'p.id', 'ap.product_id')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('scales as s', 's.id', 'p.scale_id')
    .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
    .select((eb) => [
      eb.fn.coalesce('ap.end_time', 'a.end_time').as('end_time'),
      'ap.auction_id',
      'ap.highest_bid',
      'ap.highest_bidder_id',
      'ap.bid_count',
      'ap.outcome',
      'p.id',
      'p.name',
      'p.description',
      'p.image_id',
      'p.year',
      'p.reserve_price',
      'p.base_price',
      'p.sell_price',
      'p.can_be_bought',
      'p.status',
      'p.condition',
      'p.grading_company',
      'p.grading_grade',
      'p.grading_certificate',
      'b.name as brand',
      'c.name as category',
      's.name as scale',
    ])
    .where('ap.auction_id', '=', auctionId);
}

/** The reads of a product's race: an auction's products, the product page and its lead. */
export const auctionRacesRepository = {
  /** Products of an auction with their race state and catalogue names. */
  auctionProducts(db: Database, auctionId: number) {
    return raceRows(db, auctionId).orderBy('p.id').execute();
  },

  /** The product page's product: its race row with its photos in order, in one statement. */
  productOfAuctionPage(db: Database, auctionId: number, productId: number) {
    return raceRows(db, auctionId)
      .select((eb) => photosOf(eb.ref('p.id')).as('photos'))
      .where('ap.product_id', '=', productId)
      .executeTakeFirst();
  },

  /** The name and image of a product in a running auction (public on the auction cards). */
  async runningAuctionLead(
    db: Database,
    productId: number,
  ): Promise<{ image_id: string | null; name: string } | undefined> {
    return db
      .selectFrom('products as p')
      .innerJoin('auctions as a', 'a.id', 'p.auction_id')
      .select(['p.image_id', 'p.name'])
      .where('p.id', '=', productId)
      .where('a.status', '=', 'active')
      .executeTakeFirst();
  },

  /**
   * What a bid changes about a product without moving the `catalog` counter (its race rows:
   * highest bid, bid count, stamp, end), as one string: a product page is current while this and
   * the counter stand still.
   */
  async raceVersion(db: Database, productId: number): Promise<string> {
    const { rows } = await sql<{ version: string | null }>`
      select string_agg(concat_ws(',', auction_id, highest_bid, bid_count, race_stamp, end_time), ';'
                        order by auction_id) as version
      from auction_products where product_id = ${productId}
    `.execute(db);
    return rows[0]?.version ?? '';
  },

  /**
   * The product's owner and takedown (who may see it), and its auction: its current one, else
   * the latest it was in (null for none). Undefined for an unknown product.
   */
  async auctionOfProduct(db: Database, productId: number) {
    const product = await db
      .selectFrom('products')
      .select(['owner_id', 'auction_id', 'taken_down_at'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) return undefined;
    if (product.auction_id !== null) return product;
    const last = await db
      .selectFrom('auction_products')
      .select('auction_id')
      .where('product_id', '=', productId)
      .orderBy('auction_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { ...product, auction_id: last?.auction_id ?? null };
  },
};
