import { ACTIVE_CLAIM_STATUSES as ACTIVE } from '@app/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { ClaimMessagesTable, ClaimsTable } from '../../platform/db-schema.ts';

const saleColumns = [
  'pay.id',
  'pay.buyer_id',
  'pay.seller_id',
  'pay.product_id',
  'pay.amount',
  'pay.currency',
  'pay.provider',
  'pay.provider_tx_id',
  'pay.shipping_status',
  'pay.delivered_at',
  'p.name as product_name',
] as const;

/**
 * Claims and their conversations. Every change of a claim locks, in this order, the sale's
 * payment row, then the claim, then the payout: two actions on one claim (a refund and a
 * release, two refund clicks) queue on the same rows and the second sees the first's outcome.
 */
export const claimsRepository = {
  /** The confirmed sale of a product (sold at most once), locked. */
  lockSaleByProduct(trx: Database, productId: number) {
    return trx
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .select(saleColumns)
      .where('pay.product_id', '=', productId)
      .where('pay.status', '=', 'confirmed')
      .forUpdate('pay')
      .executeTakeFirst();
  },

  lockSale(trx: Database, paymentId: string) {
    return trx
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .select(saleColumns)
      .where('pay.id', '=', paymentId)
      .forUpdate('pay')
      .executeTakeFirstOrThrow();
  },

  findSale(db: Database, paymentId: string) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .select([...saleColumns, 'pay.carrier', 'pay.tracking_number'])
      .where('pay.id', '=', paymentId)
      .executeTakeFirstOrThrow();
  },

  findClaim(db: Database, id: number) {
    return db
      .selectFrom('claims as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .selectAll('c')
      .select('p.name as product_name')
      .where('c.id', '=', id)
      .executeTakeFirst();
  },

  lockClaim(trx: Database, id: number) {
    return trx.selectFrom('claims').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** The purchase's latest claim (the one that decides whether another may be opened). */
  latestClaimOfPayment(db: Database, paymentId: string) {
    return db
      .selectFrom('claims')
      .select(['id', 'status'])
      .where('payment_id', '=', paymentId)
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** The latest claim of each of these sales. */
  async latestClaimsOfPayments(db: Database, paymentIds: string[]) {
    if (paymentIds.length === 0) return [];
    return db
      .selectFrom('claims')
      .distinctOn('payment_id')
      .select(['payment_id', 'id', 'status'])
      .where('payment_id', 'in', paymentIds)
      .orderBy('payment_id')
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  insertClaim(trx: Database, row: Insertable<ClaimsTable>) {
    return trx.insertInto('claims').values(row).returning('id').executeTakeFirstOrThrow();
  },

  async insertMessage(trx: Database, row: Insertable<ClaimMessagesTable>) {
    await trx.insertInto('claim_messages').values(row).execute();
  },

  listMessages(db: Database, claimId: number) {
    return db
      .selectFrom('claim_messages as m')
      .innerJoin('users as u', 'u.id', 'm.author_id')
      .select(['m.author_role', 'u.username', 'm.text', 'm.created_at'])
      .where('m.claim_id', '=', claimId)
      .orderBy('m.created_at')
      .orderBy('m.id')
      .execute();
  },

  async setStatus(
    trx: Database,
    id: number,
    change: Pick<
      Updateable<ClaimsTable>,
      'escalated_at' | 'resolved_at' | 'resolved_by' | 'resolution_note'
    > & {
      status: 'escalated' | 'refunded' | 'released';
      now: Date;
    },
  ) {
    const { now, ...rest } = change;
    await trx
      .updateTable('claims')
      .set({ ...rest, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  async touch(trx: Database, id: number, now: Date) {
    await trx.updateTable('claims').set({ updated_at: now }).where('id', '=', id).execute();
  },

  lockPayout(trx: Database, paymentId: string) {
    return trx
      .selectFrom('payouts')
      .select(['id', 'status', 'voided_at'])
      .where('payment_id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * Held payouts whose sale was delivered before `deliveredBefore` (the claim window has passed)
   * and has no open or escalated claim, nor was refunded; claimed with SKIP LOCKED so each is
   * released by one process.
   */
  claimDueReleases(trx: Database, deliveredBefore: Date, limit: number) {
    return trx
      .selectFrom('payouts as po')
      .innerJoin('payments as pay', 'pay.id', 'po.payment_id')
      .innerJoin('products as p', 'p.id', 'po.product_id')
      .select(['po.id', 'po.seller_id', 'p.name as product_name'])
      .where('po.status', '=', 'held')
      .where('po.voided_at', 'is', null)
      .where('pay.shipping_status', '=', 'delivered')
      .where('pay.delivered_at', '<', deliveredBefore)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('claims as c')
              .select('c.id')
              .whereRef('c.payment_id', '=', 'po.payment_id')
              .where('c.status', 'in', [...ACTIVE, 'refunded']),
          ),
        ),
      )
      .orderBy('pay.delivered_at')
      .limit(limit)
      .forUpdate('po')
      .skipLocked()
      .execute();
  },

  async listForUser(db: Database, userId: number, limit: number, offset: number) {
    const base = db
      .selectFrom('claims as c')
      .where((eb) => eb.or([eb('c.buyer_id', '=', userId), eb('c.seller_id', '=', userId)]));
    const [rows, total] = await Promise.all([
      base
        .innerJoin('products as p', 'p.id', 'c.product_id')
        .innerJoin('users as b', 'b.id', 'c.buyer_id')
        .innerJoin('users as s', 's.id', 'c.seller_id')
        .selectAll('c')
        .select(['p.name as product_name', 'b.username as buyer_username', 's.username as seller_username'])
        .orderBy('c.opened_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async listByStatus(db: Database, statuses: readonly string[], limit: number, offset: number) {
    const base = db
      .selectFrom('claims as c')
      .where('c.status', 'in', statuses as Array<'open' | 'escalated' | 'refunded' | 'released'>);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('products as p', 'p.id', 'c.product_id')
        .innerJoin('users as b', 'b.id', 'c.buyer_id')
        .innerJoin('users as s', 's.id', 'c.seller_id')
        .innerJoin('payments as pay', 'pay.id', 'c.payment_id')
        .selectAll('c')
        .select([
          'p.name as product_name',
          'b.username as buyer_username',
          's.username as seller_username',
          'pay.amount',
          'pay.currency',
        ])
        // Escalated first (someone asked for a decision), then the oldest.
        .orderBy((eb) => eb.case().when('c.status', '=', 'escalated').then(0).else(1).end())
        .orderBy('c.opened_at', 'asc')
        .orderBy('c.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async countActive(db: Database): Promise<number> {
    const row = await db
      .selectFrom('claims')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'in', [...ACTIVE])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  usernames(db: Database, ids: number[]) {
    return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  },
};
