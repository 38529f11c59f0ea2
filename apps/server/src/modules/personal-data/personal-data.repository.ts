import { ACTIVE_CLAIM_STATUSES, type OpenItem } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/**
 * The personal-data read model and the erasure: a person's rows across every module, read (or
 * erased) in one place, because a habeas data request is about one person, not one feature.
 * Reads only what belongs to that user (every query is keyed by their id).
 */
export const personalDataRepository = {
  lockUser(trx: Database, userId: number) {
    return trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  findUser(db: Database, userId: number) {
    return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  },

  addresses(db: Database, userId: number) {
    return db
      .selectFrom('shipping_addresses')
      .select(['id', 'address', 'city', 'state', 'country', 'postal_code', 'is_default', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  bankAccount(db: Database, userId: number) {
    return db
      .selectFrom('seller_bank_accounts as a')
      .innerJoin('banks as b', 'b.id', 'a.bank_id')
      .select([
        'b.name as bank_name',
        'a.account_number',
        'a.account_type',
        'a.account_name',
        'a.account_document_type',
        'a.account_document_number',
        'a.created_at',
        'a.updated_at',
      ])
      .where('a.seller_id', '=', userId)
      .executeTakeFirst();
  },

  products(db: Database, userId: number) {
    return db
      .selectFrom('products')
      .select([
        'id',
        'name',
        'description',
        'status',
        'reserve_price',
        'base_price',
        'sell_price',
        'created_at',
      ])
      .where('owner_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  auctions(db: Database, userId: number) {
    return db
      .selectFrom('auctions')
      .select(['id', 'title', 'status', 'min_offer', 'max_offer', 'start_time', 'end_time', 'created_at'])
      .where('owner_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  bids(db: Database, userId: number) {
    return db
      .selectFrom('bids as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select([
        'b.id',
        'b.auction_id',
        'b.product_id',
        'p.name as product_name',
        'b.amount',
        'b.auto',
        'b.created_at',
      ])
      .where('b.user_id', '=', userId)
      .orderBy('b.id')
      .execute();
  },

  ceilings(db: Database, userId: number) {
    return db
      .selectFrom('bid_ceilings as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .select(['c.auction_id', 'c.product_id', 'p.name as product_name', 'c.max_amount', 'c.updated_at'])
      .where('c.user_id', '=', userId)
      .orderBy('c.auction_id')
      .orderBy('c.product_id')
      .execute();
  },

  purchases(db: Database, userId: number) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .innerJoin('users as s', 's.id', 'pay.seller_id')
      .select([
        'pay.id as payment_id',
        'pay.kind',
        'pay.product_id',
        'p.name as product_name',
        's.username as seller_username',
        'pay.amount',
        'pay.currency',
        'pay.status',
        'pay.shipping_status',
        'pay.shipping_address',
        'pay.created_at',
        'pay.confirmed_at',
      ])
      .where('pay.buyer_id', '=', userId)
      .orderBy('pay.created_at')
      .execute();
  },

  sales(db: Database, userId: number) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .innerJoin('users as b', 'b.id', 'pay.buyer_id')
      .select([
        'pay.id as payment_id',
        'pay.kind',
        'pay.product_id',
        'p.name as product_name',
        'b.username as buyer_username',
        'pay.amount',
        'pay.currency',
        'pay.status',
        'pay.shipping_status',
        'pay.created_at',
        'pay.confirmed_at',
      ])
      .where('pay.seller_id', '=', userId)
      .orderBy('pay.created_at')
      .execute();
  },

  payouts(db: Database, userId: number) {
    return db
      .selectFrom('payouts')
      .select([
        'id',
        'payment_id',
        'product_id',
        'product_amount',
        'commission_amount',
        'payment_processor_fee',
        'payable_amount',
        'currency',
        'status',
        'created_at',
      ])
      .where('seller_id', '=', userId)
      .orderBy('created_at')
      .execute();
  },

  ratingsGiven(db: Database, userId: number) {
    return db
      .selectFrom('ratings as r')
      .innerJoin('users as s', 's.id', 'r.seller_id')
      .select(['r.product_id', 's.username as seller_username', 'r.score', 'r.comment', 'r.created_at'])
      .where('r.buyer_id', '=', userId)
      .orderBy('r.id')
      .execute();
  },

  ratingsReceived(db: Database, userId: number) {
    return db
      .selectFrom('ratings as r')
      .innerJoin('users as b', 'b.id', 'r.buyer_id')
      .select(['r.product_id', 'b.username as buyer_username', 'r.score', 'r.comment', 'r.created_at'])
      .where('r.seller_id', '=', userId)
      .orderBy('r.id')
      .execute();
  },

  watchlist(db: Database, userId: number) {
    return db
      .selectFrom('watchlist as w')
      .innerJoin('products as p', 'p.id', 'w.product_id')
      .select(['w.product_id', 'p.name as product_name', 'w.created_at'])
      .where('w.user_id', '=', userId)
      .orderBy('w.created_at')
      .execute();
  },

  notifications(db: Database, userId: number) {
    return db
      .selectFrom('notifications')
      .select(['id', 'type', 'title', 'message', 'link', 'is_read', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  /**
   * What must end before the account can go: anything where another person still waits on this
   * one (a bidder on their auction, a seller on their payment, a buyer on their shipment) or money
   * still owed to them.
   */
  async openItems(trx: Database, userId: number, now: Date): Promise<OpenItem[]> {
    const auctions = await trx
      .selectFrom('auctions')
      .select(['id', 'title as name'])
      .where('owner_id', '=', userId)
      .where('status', 'in', ['active', 'upcoming'])
      .orderBy('id')
      .execute();
    // Leading a product that is still running: they would win it after being deleted. Found
    // from their bids (a race's leader holds one of its bids; the leader is not indexed, so
    // that bids stay HOT updates of their race's row).
    const leading = await trx
      .selectFrom('auction_products as ap')
      .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .select(['p.id', 'p.name'])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('bids as b')
            .select('b.id')
            .where('b.user_id', '=', userId)
            .whereRef('b.auction_id', '=', 'ap.auction_id')
            .whereRef('b.product_id', '=', 'ap.product_id'),
        ),
      )
      .where('ap.highest_bidder_id', '=', userId)
      .where('a.status', '=', 'active')
      .where('ap.outcome', 'is', null)
      .orderBy('p.id')
      .execute();
    // Theirs to pay: a won item in its window, or a buy-now checkout still open.
    const unpaid = await trx
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .select(['pay.id', 'p.name'])
      .where('pay.buyer_id', '=', userId)
      .where('pay.status', 'in', ['pending', 'processing', 'rejected'])
      .where((eb) => eb.or([eb('pay.expires_at', 'is', null), eb('pay.expires_at', '>', now)]))
      .orderBy('pay.created_at')
      .execute();
    // Theirs to ship, or a buyer is paying for their product right now.
    const sales = await trx
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .select(['pay.id', 'p.name'])
      .where('pay.seller_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('pay.status', '=', 'confirmed'), eb('pay.shipping_status', '=', 'pending')]),
          eb.and([
            eb('pay.status', 'in', ['pending', 'processing', 'rejected']),
            eb.or([eb('pay.expires_at', 'is', null), eb('pay.expires_at', '>', now)]),
          ]),
        ]),
      )
      .orderBy('pay.created_at')
      .execute();
    // Bought and not yet received: the seller still needs their address.
    const purchases = await trx
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .select(['pay.id', 'p.name'])
      .where('pay.buyer_id', '=', userId)
      .where('pay.status', '=', 'confirmed')
      .where('pay.shipping_status', 'in', ['pending', 'shipped'])
      .orderBy('pay.created_at')
      .execute();
    const payouts = await trx
      .selectFrom('payouts as po')
      .innerJoin('products as p', 'p.id', 'po.product_id')
      .select(['po.id', 'p.name'])
      .where('po.seller_id', '=', userId)
      .where(sql<boolean>`po.status <> 'paid'`)
      // A voided payout (its sale refunded) is owed to nobody.
      .where('po.voided_at', 'is', null)
      .orderBy('po.created_at')
      .execute();
    // A claim waits on both parties until it is refunded or resolved.
    const claims = await trx
      .selectFrom('claims as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .select(['c.id', 'p.name'])
      .where((eb) => eb.or([eb('c.buyer_id', '=', userId), eb('c.seller_id', '=', userId)]))
      .where('c.status', 'in', [...ACTIVE_CLAIM_STATUSES])
      .orderBy('c.id')
      .execute();
    return [
      ...auctions.map((r) => ({ type: 'auction' as const, id: r.id, name: r.name })),
      ...leading.map((r) => ({ type: 'leading_bid' as const, id: r.id, name: r.name })),
      ...unpaid.map((r) => ({ type: 'unpaid_item' as const, id: r.id, name: r.name })),
      ...sales.map((r) => ({ type: 'unshipped_sale' as const, id: r.id, name: r.name })),
      ...purchases.map((r) => ({ type: 'undelivered_purchase' as const, id: r.id, name: r.name })),
      ...payouts.map((r) => ({ type: 'payout' as const, id: r.id, name: r.name })),
      ...claims.map((r) => ({ type: 'claim' as const, id: r.id, name: r.name })),
    ];
  },
};
