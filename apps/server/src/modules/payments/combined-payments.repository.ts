import type { Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { CombinedPaymentStatus, CombinedPaymentsTable } from '../../platform/db-schema.ts';

export type CombinedPaymentRow = NonNullable<Awaited<ReturnType<typeof findCombined>>>;

/** A combined payment still waiting for the processor's word on its link. */
const OPEN: CombinedPaymentStatus[] = ['pending', 'processing'];

function findCombined(db: Database, id: string) {
  return db.selectFrom('combined_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Combined payments: one checkout link for several pending payments. Lock order, as for a single
 * payment: the payment rows first (in id order), then the combined rows, then the products.
 */
export const combinedPaymentsRepository = {
  findCombined,

  findCombinedForUpdate(trx: Database, id: string) {
    return trx
      .selectFrom('combined_payments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  findByLinkId(db: Database, linkId: string) {
    return db.selectFrom('combined_payments').selectAll().where('link_id', '=', linkId).executeTakeFirst();
  },

  /** The payments a combined payment pays, in id order (the lock order). */
  async itemIds(db: Database, combinedId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('combined_payment_items')
      .select('payment_id')
      .where('combined_payment_id', '=', combinedId)
      .orderBy('payment_id')
      .execute();
    return rows.map((r) => r.payment_id);
  },

  /** The payments to pay together with what the checkout checks of their products. */
  findItemsWithProducts(db: Database, ids: string[]) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .selectAll('pay')
      .select([
        'p.name as product_name',
        'p.status as product_status',
        'p.auction_id as product_auction_id',
        'p.can_be_bought',
      ])
      .where('pay.id', 'in', ids)
      .orderBy('pay.id')
      .execute();
  },

  /** The payment rows, locked in id order: every path that changes several takes them so. */
  lockPayments(trx: Database, ids: string[]) {
    return trx.selectFrom('payments').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
  },

  /** Open combined payments holding any of these payments; locked (after the payment rows) in a transaction. */
  openHolding(trx: Database, paymentIds: string[], { lock }: { lock: boolean }) {
    const query = trx
      .selectFrom('combined_payments as cp')
      .selectAll('cp')
      .where('cp.status', 'in', OPEN)
      .where('cp.id', 'in', (eb) =>
        eb
          .selectFrom('combined_payment_items')
          .select('combined_payment_id')
          .where('payment_id', 'in', paymentIds),
      )
      .orderBy('cp.id');
    return (lock ? query.forUpdate() : query).execute();
  },

  insertCombined(
    trx: Database,
    values: {
      id: string;
      buyerId: number;
      sellerId: number;
      amount: number;
      provider: string;
      link: { url: string; linkId: string };
      linkExpiresAt: Date;
      paymentIds: string[];
      now: Date;
    },
  ) {
    return trx
      .insertInto('combined_payments')
      .values({
        id: values.id,
        buyer_id: values.buyerId,
        seller_id: values.sellerId,
        amount: values.amount,
        provider: values.provider,
        payment_link: values.link.url,
        link_id: values.link.linkId,
        link_created_at: values.now,
        link_expires_at: values.linkExpiresAt,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .then(async (row) => {
        await trx
          .insertInto('combined_payment_items')
          .values(
            values.paymentIds.map((paymentId) => ({ combined_payment_id: row.id, payment_id: paymentId })),
          )
          .execute();
        return row;
      });
  },

  updateCombined(trx: Database, id: string, values: Updateable<CombinedPaymentsTable>) {
    return trx
      .updateTable('combined_payments')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** A newer checkout took over these combined payments' items: their links are not handed out. */
  async supersede(trx: Database, ids: string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('combined_payments')
      .set({ status: 'superseded', updated_at: now })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
  },

  /**
   * The items' own links stop being handed out (the combined link replaces them). Their link ids
   * stay: a charge made on one anyway is still found by asking the processor, and applied.
   */
  async retireSingleLinks(trx: Database, paymentIds: string[], now: Date): Promise<void> {
    await trx
      .updateTable('payments')
      .set({ payment_link: null, link_expires_at: null, updated_at: now })
      .where('id', 'in', paymentIds)
      .where('payment_link', 'is not', null)
      .execute();
  },

  /** Open combined payments whose link has run out: asked about once more, then expired. */
  listOpenLinkEnded(db: Database, now: Date, limit: number) {
    return db
      .selectFrom('combined_payments')
      .selectAll()
      .where('status', 'in', OPEN)
      .where('link_expires_at', '<=', now)
      .orderBy('link_expires_at')
      .limit(limit)
      .execute();
  },

  /**
   * Claims open combined payments to ask the processor about (a link made at least `every` ago,
   * not asked in the last `every`), stamped in the same statement; SKIP LOCKED shares the work.
   */
  claimForProviderCheck(db: Database, now: Date, everyMs: number, limit: number) {
    const cutoff = new Date(now.getTime() - everyMs);
    return db
      .updateTable('combined_payments')
      .set({ provider_checked_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('combined_payments')
          .select('id')
          .where('status', 'in', OPEN)
          .where('link_created_at', '<=', cutoff)
          .where((eb) =>
            eb.or([eb('provider_checked_at', 'is', null), eb('provider_checked_at', '<=', cutoff)]),
          )
          .where('link_expires_at', '>', now)
          .orderBy('link_created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  },

  async expireIfOpen(trx: Database, id: string, now: Date): Promise<void> {
    await trx
      .updateTable('combined_payments')
      .set({ status: 'expired', updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .execute();
  },

  /** The payments paid by the confirmed combined payment that paid this one (none: alone). */
  async shipmentPaymentIds(db: Database, paymentId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('combined_payment_items as mine')
      .innerJoin('combined_payments as cp', 'cp.id', 'mine.combined_payment_id')
      .innerJoin('combined_payment_items as all', 'all.combined_payment_id', 'cp.id')
      .select('all.payment_id')
      .where('mine.payment_id', '=', paymentId)
      .where('cp.status', '=', 'confirmed')
      .orderBy('all.payment_id')
      .execute();
    return rows.length > 0 ? rows.map((r) => r.payment_id) : [paymentId];
  },

  productNames(db: Database, paymentIds: string[]) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .select(['pay.id', 'pay.kind', 'pay.product_id', 'p.name'])
      .where('pay.id', 'in', paymentIds)
      .orderBy('pay.id')
      .execute();
  },
};
