import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/**
 * The timed work's statements: claiming what is due to start or close (other processes skip a
 * claimed row while it is locked), and moving an auction and its products through their states.
 */
export const auctionLifecycleRepository = {
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

  /** Locks an auction row: one writer at a time starts it by hand or closes its last product. */
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
