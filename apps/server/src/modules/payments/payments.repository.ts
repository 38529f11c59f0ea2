import { ACTIVE_CLAIM_STATUSES } from '@app/contracts';
import { sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { PaymentStatus, PaymentsTable } from '../../platform/db-schema.ts';
import { ERASED_HASH_PREFIX } from '../../platform/passwords.ts';

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

function findPayment(db: Database, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a payout's sale has a claim waiting, or was refunded through one (the hold's reason). */
const payoutClaimFlags = [
  sql<boolean>`exists (select 1 from claims c where c.payment_id = po.payment_id and c.status in (${sql.join(ACTIVE_CLAIM_STATUSES.map((s) => sql.lit(s)))}))`.as(
    'in_claim',
  ),
  sql<boolean>`exists (select 1 from claims c where c.payment_id = po.payment_id and c.status = 'refunded')`.as(
    'claim_refunded',
  ),
];

export const paymentsRepository = {
  findPayment,

  findPaymentForUpdate(trx: Database, id: string) {
    return trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  findByLinkId(db: Database, linkId: string) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .selectAll('pay')
      .select('p.name as product_name')
      .where('pay.link_id', '=', linkId)
      .executeTakeFirst();
  },

  findPaymentWithProduct(db: Database, id: string) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .selectAll('pay')
      .select([
        'p.name as product_name',
        'p.image_id',
        'p.status as product_status',
        'p.auction_id as product_auction_id',
        'p.can_be_bought',
      ])
      .where('pay.id', '=', id)
      .executeTakeFirst();
  },

  /** Records a notification once: false when its key was already recorded (a replay). */
  async recordEvent(
    trx: Database,
    event: { eventKey: string; paymentId: string | null; type: string; payload: unknown; now: Date },
  ): Promise<boolean> {
    const row = await trx
      .insertInto('payment_events')
      .values({
        event_key: event.eventKey,
        payment_id: event.paymentId,
        type: event.type,
        payload: JSON.stringify(event.payload ?? null),
        received_at: event.now,
      })
      .onConflict((oc) => oc.column('event_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  updatePayment(trx: Database, id: string, values: Updateable<PaymentsTable>) {
    return trx
      .updateTable('payments')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async productName(trx: Database, productId: number): Promise<string> {
    const row = await trx
      .selectFrom('products')
      .select('name')
      .where('id', '=', productId)
      .executeTakeFirst();
    return row?.name ?? '';
  },

  /** Holds the payout of a voided sale; false when there was none to hold. */
  async holdVoidedPayout(trx: Database, paymentId: string, now: Date): Promise<boolean> {
    const held = await trx
      .updateTable('payouts')
      .set({ status: 'held', voided_at: now, updated_at: now })
      .where('payment_id', '=', paymentId)
      .where('voided_at', 'is', null)
      // Money already transferred is not taken back by a status: an operator settles it.
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    return Number(held.numUpdatedRows) > 0;
  },

  /** Cancels a product's open payments; answers their buyers. */
  async cancelOpenForProduct(trx: Database, productId: number, note: string, now: Date): Promise<number[]> {
    const rows = await trx
      .updateTable('payments')
      .set({ status: 'cancelled', status_note: note, updated_at: now })
      .where('product_id', '=', productId)
      .where('status', 'in', ['pending', 'processing'] satisfies PaymentStatus[])
      .returning('buyer_id')
      .execute();
    return rows.map((r) => r.buyer_id);
  },

  /** The product row a payment sells, locked (always after its payment row: one lock order). */
  lockProduct(trx: Database, productId: number) {
    return trx
      .selectFrom('products')
      .select(['id', 'owner_id', 'name', 'status', 'auction_id', 'can_be_bought', 'sell_price'])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
  },

  async hasConfirmedPayment(trx: Database, productId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('payments')
      .select('id')
      .where('product_id', '=', productId)
      .where('status', '=', 'confirmed')
      .executeTakeFirst();
    return row !== undefined;
  },

  insertPayout(
    trx: Database,
    values: {
      sellerId: number;
      paymentId: string;
      productId: number;
      productAmount: number;
      commission: number;
      processorFee: number;
      payable: number;
      currency: string;
      now: Date;
    },
  ) {
    return trx
      .insertInto('payouts')
      .values({
        seller_id: values.sellerId,
        payment_id: values.paymentId,
        product_id: values.productId,
        product_amount: values.productAmount,
        commission_amount: values.commission,
        payment_processor_fee: values.processorFee,
        payable_amount: values.payable,
        currency: values.currency,
        created_at: values.now,
        updated_at: values.now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
  },

  /** The buyer's won-auction items and accepted offers (paid like them), newest first. */
  listWonItems(db: Database, buyerId: number, limit: number, offset: number) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .innerJoin('users as s', 's.id', 'pay.seller_id')
      .selectAll('pay')
      .select(['p.name as product_name', 'p.image_id', 's.username as seller_username'])
      .where('pay.buyer_id', '=', buyerId)
      .where('pay.kind', 'in', ['auction', 'offer'])
      .orderBy('pay.created_at', 'desc')
      .orderBy('pay.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  findProductForPurchase(db: Database, productId: number) {
    return db
      .selectFrom('products')
      .select(['id', 'owner_id', 'name', 'status', 'can_be_bought', 'sell_price'])
      .where('id', '=', productId)
      .executeTakeFirst();
  },

  /** The product row a buy-now checkout starts from, locked: checkouts of one product queue here. */
  lockProductForPurchase(trx: Database, productId: number) {
    return trx
      .selectFrom('products')
      .select(['id', 'owner_id', 'name', 'status', 'can_be_bought', 'sell_price'])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * This buyer's newest buy-now checkout of this product still in its window: with its link to
   * hand out again, or still without one while another request (a double click) asks for it.
   */
  findOpenBuyNow(db: Database, buyerId: number, productId: number, now: Date) {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .where('product_id', '=', productId)
      .where('kind', '=', 'buy_now')
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  insertBuyNowPayment(
    db: Database,
    values: {
      productId: number;
      buyerId: number;
      sellerId: number;
      amount: number;
      provider: string;
      expiresAt: Date;
      now: Date;
    },
  ) {
    return db
      .insertInto('payments')
      .values({
        kind: 'buy_now',
        product_id: values.productId,
        buyer_id: values.buyerId,
        seller_id: values.sellerId,
        amount: values.amount,
        provider: values.provider,
        expires_at: values.expiresAt,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  findBuyerEmail(db: Database, userId: number) {
    return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  },

  /**
   * Claims unpaid payments whose window closed (any process: SKIP LOCKED). A payment still
   * `processing` at the end of its window was asked about first (see the reconcile job): what is
   * still unknown then expires too, and a charge that arrives later is refunded.
   */
  claimOverdue(trx: Database, kind: 'auction' | 'buy_now' | 'offer', now: Date, limit: number) {
    const statuses: PaymentStatus[] = ['pending', 'rejected', 'processing'];
    return trx
      .selectFrom('payments')
      .select(['id', 'product_id', 'auction_id', 'buyer_id', 'seller_id', 'provider', 'expires_at'])
      .where('kind', '=', kind)
      .where('status', 'in', statuses)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  expire(trx: Database, ids: string[], now: Date) {
    return trx
      .updateTable('payments')
      .set({ status: 'expired', updated_at: now })
      .where('id', 'in', ids)
      .execute();
  },

  /** Payments stuck in `processing` past their window, to ask the processor about. */
  /** Open payments whose window has ended, with a link to ask about (asked before they expire). */
  listOverdueWithLink(db: Database, now: Date, limit: number) {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('status', 'in', ['pending', 'processing', 'rejected'])
      .where('link_id', 'is not', null)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  },

  /**
   * Claims open payments to ask the processor about: a link made at least `every` ago, not asked
   * in the last `every`, window still open; stamped in the same statement. SKIP LOCKED and the
   * stamp make each one asked by one process per round.
   */
  claimForProviderCheck(db: Database, now: Date, everyMs: number, limit: number) {
    const cutoff = new Date(now.getTime() - everyMs);
    return db
      .updateTable('payments')
      .set({ provider_checked_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('payments')
          .select('id')
          .where('status', 'in', ['pending', 'processing'])
          .where('link_id', 'is not', null)
          .where('link_created_at', '<=', cutoff)
          .where((eb) =>
            eb.or([eb('provider_checked_at', 'is', null), eb('provider_checked_at', '<=', cutoff)]),
          )
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
          .orderBy('link_created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  },

  /**
   * The next bidder for a second chance: another user (never one already offered this product in
   * this auction, nor a suspended or deleted account, one the seller blocked or one with
   * `strikesToBlock` unpaid strikes since `strikesSince`, who may not buy) whose highest bid
   * reaches the reserve; the highest such bid, the earliest first.
   */
  async findSecondChanceBidder(
    trx: Database,
    target: { auctionId: number; productId: number; sellerId: number },
    standing: { strikesSince: Date; strikesToBlock: number },
  ) {
    const { auctionId, productId, sellerId } = target;
    const product = await trx
      .selectFrom('products')
      .select(['id', 'name', 'reserve_price', 'status', 'auction_id'])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
    if (!product || product.status !== 'in_auction' || product.auction_id !== auctionId) return null;
    const offered = trx
      .selectFrom('payments')
      .select('buyer_id')
      .where('kind', '=', 'auction')
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId);
    const bidder = await trx
      .selectFrom('bids as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select((eb) => [
        'b.user_id',
        eb.fn.max('b.amount').as('amount'),
        eb.fn.min('b.created_at').as('first_bid_at'),
      ])
      .where('b.auction_id', '=', auctionId)
      .where('b.product_id', '=', productId)
      .where('b.user_id', 'not in', offered)
      .where('u.suspended_at', 'is', null)
      .where('u.password_hash', 'not like', `${ERASED_HASH_PREFIX}%`)
      .where(
        sql<boolean>`not exists (select 1 from seller_blocks sb
                                  where sb.seller_id = ${sellerId} and sb.blocked_user_id = b.user_id)`,
      )
      .where(
        sql<boolean>`(select count(*) from unpaid_strikes s
                       where s.user_id = b.user_id and s.cleared_at is null
                         and s.created_at > ${standing.strikesSince}) < ${standing.strikesToBlock}`,
      )
      .groupBy('b.user_id')
      .having((eb) => eb.fn.max('b.amount'), '>=', product.reserve_price)
      .orderBy((eb) => eb.fn.max('b.amount'), 'desc')
      .orderBy((eb) => eb.fn.min('b.created_at'), 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!bidder) return null;
    return { product, userId: bidder.user_id, amount: Number(bidder.amount) };
  },

  listPayouts(db: Database, sellerId: number, limit: number, offset: number) {
    return payoutsOfSeller(db, sellerId)
      .orderBy('po.created_at', 'desc')
      .orderBy('po.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  findPayout(db: Database, sellerId: number, id: string) {
    return payoutsOfSeller(db, sellerId).where('po.id', '=', id).executeTakeFirst();
  },
};

/** A seller's payouts as the seller's payout list and detail show them. */
function payoutsOfSeller(db: Database, sellerId: number) {
  return db
    .selectFrom('payouts as po')
    .innerJoin('products as p', 'p.id', 'po.product_id')
    .innerJoin('payments as pay', 'pay.id', 'po.payment_id')
    .selectAll('po')
    .select(['p.name as product_name', 'p.image_id', 'pay.shipping_status', 'pay.delivered_at'])
    .select(payoutClaimFlags)
    .where('po.seller_id', '=', sellerId);
}
