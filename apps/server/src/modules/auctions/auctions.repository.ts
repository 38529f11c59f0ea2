import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { AuctionStatus } from '../../platform/db-schema.ts';
import { racesWonBy } from '../bids/bids.service.ts';

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
/** Auctions themselves: finding, creating and starting one by hand, the lists and a user's totals. */
export const auctionsRepository = {
  findAuctionById,

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

  async userTotals(db: Database, userId: number, now: Date) {
    const result = await sql<{
      total_bids: number;
      total_wins: number;
      total_sales: number;
      active_auctions: number;
    }>`
      select
        (select count(*) from bids b where b.user_id = ${userId})::int as total_bids,
        ${racesWonBy(userId)} as total_wins,
        (select count(*) from payments pm
          where pm.seller_id = ${userId} and pm.status = 'confirmed')::int as total_sales,
        (select count(*) from auctions a
          where a.owner_id = ${userId} and a.status = 'active' and a.end_time > ${now})::int as active_auctions
    `.execute(db);
    return result.rows[0]!;
  },
};
