import type { Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { PaymentStatus, PaymentsTable } from '../../platform/db-schema.ts';

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

function findPayment(db: Database, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

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
};
