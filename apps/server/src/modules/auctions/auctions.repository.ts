import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { AuctionStatus } from '../../platform/db-schema.ts';
import { photosOf } from '../../platform/images.ts';

export type AuctionRow = Awaited<ReturnType<typeof findAuctionById>>;

async function findAuctionById(db: Database, id: number) {
  return db.selectFrom('auctions').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface AuctionFilter {
  status?: AuctionStatus;
  ownerId?: number;
  /** Only auctions still running at this instant (active lists). */
  endsAfter?: Date;
  /**
   * A condition on the auction (alias `a`): the search module's term filter, built once per
   * request by the caller and used by both the count and the page.
   */
  matching?: RawBuilder<SqlBool>;
}

function filteredAuctions(db: Database, filter: AuctionFilter) {
  let query = db.selectFrom('auctions as a');
  if (filter.status) query = query.where('a.status', '=', filter.status);
  if (filter.ownerId !== undefined) query = query.where('a.owner_id', '=', filter.ownerId);
  if (filter.endsAfter) query = query.where('a.end_time', '>', filter.endsAfter);
  if (filter.matching) query = query.where(filter.matching);
  return query;
}

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

export const auctionsRepository = {
  findAuctionById,

  findAuctionForUpdate(trx: Database, id: number) {
    return trx.selectFrom('auctions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async isSeller(db: Database, userId: number): Promise<boolean> {
    const row = await db.selectFrom('users').select('is_seller').where('id', '=', userId).executeTakeFirst();
    return row?.is_seller ?? false;
  },

  findUser(db: Database, userId: number) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'avatar'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },

  /** Locks the requested products (in id order, so two creates never deadlock). */
  lockProducts(trx: Database, ids: number[]) {
    return trx
      .selectFrom('products')
      .select(['id', 'owner_id', 'status', 'auction_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  insertAuction(
    trx: Database,
    values: {
      owner_id: number;
      title: string;
      min_offer: number;
      max_offer: number;
      is_flash: boolean;
      duration_hours: number;
      start_time: Date | null;
      end_time: Date | null;
      now: Date;
    },
  ) {
    const { now, ...rest } = values;
    return trx
      .insertInto('auctions')
      .values({ ...rest, status: 'upcoming', created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async attachProducts(trx: Database, auctionId: number, productIds: number[]) {
    await trx
      .insertInto('auction_products')
      .values(productIds.map((product_id) => ({ auction_id: auctionId, product_id })))
      .execute();
  },

  activate(trx: Database, id: number, start: Date, end: Date) {
    return trx
      .updateTable('auctions')
      .set({ status: 'active', start_time: start, end_time: end, updated_at: start })
      .where('id', '=', id)
      .where('status', '=', 'upcoming')
      .returningAll()
      .executeTakeFirst();
  },

  async countAuctions(db: Database, filter: AuctionFilter): Promise<number> {
    const row = await filteredAuctions(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** When the next running auction ends: the active list changes then without any write. */
  async nextActiveEnd(db: Database, now: Date): Promise<Date | null> {
    const row = await db
      .selectFrom('auctions')
      .select((eb) => eb.fn.min('end_time').as('next'))
      .where('status', '=', 'active')
      .where('end_time', '>', now)
      .executeTakeFirst();
    return row?.next ? new Date(row.next) : null;
  },

  /** Active lists end soonest first; the seller's own list is newest first. */
  async listAuctions(
    db: Database,
    filter: AuctionFilter,
    page: { limit: number; offset: number; order: 'ending' | 'newest' },
  ) {
    let query = filteredAuctions(db, filter).selectAll('a');
    query =
      page.order === 'ending'
        ? query.orderBy('a.end_time', 'asc').orderBy('a.id', 'asc')
        : query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc');
    return query.limit(page.limit).offset(page.offset).execute();
  },

  /** The products of several auctions, for the cards. */
  cardProducts(db: Database, auctionIds: number[]) {
    if (auctionIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('auction_products as ap')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .select(['ap.auction_id', 'p.id', 'p.name', 'p.image_id'])
      .where('ap.auction_id', 'in', auctionIds)
      .orderBy('ap.auction_id')
      .orderBy('p.id')
      .execute();
  },

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

  async userTotals(db: Database, userId: number, now: Date) {
    const result = await sql<{
      total_bids: number;
      total_wins: number;
      total_sales: number;
      active_auctions: number;
    }>`
      select
        (select count(*) from bids b where b.user_id = ${userId})::int as total_bids,
        (select count(*) from auction_products ap
          where ap.highest_bidder_id = ${userId} and ap.outcome = 'won')::int as total_wins,
        (select count(*) from payments pm
          where pm.seller_id = ${userId} and pm.status = 'confirmed')::int as total_sales,
        (select count(*) from auctions a
          where a.owner_id = ${userId} and a.status = 'active' and a.end_time > ${now})::int as active_auctions
    `.execute(db);
    return result.rows[0]!;
  },

  // ---- life cycle ---------------------------------------------------------------------------

  /** Claims one scheduled auction due to start; other processes skip it while locked. */
  claimDueStart(trx: Database, now: Date) {
    return trx
      .selectFrom('auctions')
      .selectAll()
      .where('status', '=', 'upcoming')
      .where('start_time', 'is not', null)
      .where('start_time', '<=', now)
      .orderBy('start_time')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  },

  /**
   * Claims one still-open product of an active auction whose own end has come (soft close may
   * have moved it); other processes skip it while locked. Its race state comes with it.
   */
  claimDueProduct(trx: Database, now: Date) {
    return trx
      .selectFrom('auction_products as ap')
      .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .select([
        'ap.auction_id',
        'ap.product_id',
        'ap.highest_bid',
        'ap.highest_bidder_id',
        'p.reserve_price',
        'p.name',
        sql<Date>`coalesce(ap.end_time, a.end_time)`.as('end_time'),
      ])
      .where('a.status', '=', 'active')
      .where('ap.outcome', 'is', null)
      .where(sql<boolean>`coalesce(ap.end_time, a.end_time) <= ${now}`)
      .orderBy(sql`coalesce(ap.end_time, a.end_time)`)
      .orderBy('ap.auction_id')
      .orderBy('ap.product_id')
      .limit(1)
      .forUpdate('ap')
      .skipLocked()
      .executeTakeFirst();
  },

  /** Claims one active auction whose end has come and that has no product left open. */
  claimFinishedAuction(trx: Database, now: Date) {
    return trx
      .selectFrom('auctions as a')
      .selectAll('a')
      .where('a.status', '=', 'active')
      .where('a.end_time', '<=', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('auction_products as ap')
              .select('ap.product_id')
              .whereRef('ap.auction_id', '=', 'a.id')
              .where('ap.outcome', 'is', null),
          ),
        ),
      )
      .orderBy('a.end_time')
      .orderBy('a.id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  },

  /** Locks an auction row (closing its last product ends it, one closer at a time). */
  lockAuction(trx: Database, auctionId: number) {
    return trx.selectFrom('auctions').selectAll().where('id', '=', auctionId).forUpdate().executeTakeFirst();
  },

  countOpenProducts(trx: Database, auctionId: number) {
    return trx
      .selectFrom('auction_products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('auction_id', '=', auctionId)
      .where('outcome', 'is', null)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.count));
  },

  /** Every product's outcome, for the seller's summary when the auction ends. */
  outcomes(trx: Database, auctionId: number) {
    return trx
      .selectFrom('auction_products as ap')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .select(['ap.product_id', 'ap.outcome', 'ap.highest_bid', 'p.name'])
      .where('ap.auction_id', '=', auctionId)
      .orderBy('ap.product_id')
      .execute();
  },

  /** Every product of an auction starts with the auction's end as its own. */
  setProductsEnd(trx: Database, auctionId: number, end: Date | null) {
    return trx
      .updateTable('auction_products')
      .set({ end_time: end })
      .where('auction_id', '=', auctionId)
      .execute();
  },

  setOutcome(trx: Database, auctionId: number, productId: number, outcome: 'won' | 'unsold') {
    return trx
      .updateTable('auction_products')
      .set({ outcome })
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId)
      .execute();
  },

  /** `closedAt` is when it fell due (its last product's end), `now` when that was processed. */
  markEnded(trx: Database, auctionId: number, closedAt: Date, now: Date) {
    return trx
      .updateTable('auctions')
      .set({ status: 'ended', closed_at: closedAt, updated_at: now })
      .where('id', '=', auctionId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  },

  markStarted(trx: Database, auctionId: number, end: Date, now: Date) {
    return trx
      .updateTable('auctions')
      .set({ status: 'active', end_time: end, updated_at: now })
      .where('id', '=', auctionId)
      .where('status', '=', 'upcoming')
      .executeTakeFirst();
  },
};
