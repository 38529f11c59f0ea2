import type { AdminPayoutStatus } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** A payout as the operator's payouts page shows it: with the seller, product and bank account. */
function payoutRows(db: Database) {
  return db
    .selectFrom('payouts as po')
    .innerJoin('users as u', 'u.id', 'po.seller_id')
    .innerJoin('products as p', 'p.id', 'po.product_id')
    .leftJoin('seller_bank_accounts as a', 'a.seller_id', 'po.seller_id')
    .leftJoin('banks as b', 'b.id', 'a.bank_id')
    .leftJoin('document_types as d', 'd.code', 'a.account_document_type')
    .select([
      'po.id',
      'po.seller_id',
      'u.username as seller_username',
      'u.email as seller_email',
      'po.product_id',
      'p.name as product_name',
      'po.product_amount',
      'po.commission_amount',
      'po.payable_amount',
      'po.status',
      'po.payable_since',
      'po.paid_at',
      'po.reference',
      'po.created_at',
      'a.id as account_id',
      'b.name as bank_name',
      'a.account_type',
      'a.account_number',
      'a.account_name',
      'a.account_document_type',
      'd.label as document_type_label',
      'a.account_document_number',
    ]);
}

export type PayoutRow = Awaited<ReturnType<typeof listPayouts>>[number];

/**
 * Payouts still owed, paid, or cancelled (the buyer refunded); a payout held because Bold voided
 * the charge stays out until someone settles it.
 */
function filteredPayouts(db: Database, status: AdminPayoutStatus | undefined) {
  let query = payoutRows(db).where((eb) =>
    eb.or([eb('po.voided_at', 'is', null), eb('po.status', '=', 'cancelled')]),
  );
  if (status) query = query.where('po.status', '=', status);
  return query;
}

/** Payable ones oldest first (the order they are owed in); paid ones most recent first. */
async function listPayouts(
  db: Database,
  status: AdminPayoutStatus | undefined,
  limit: number,
  offset: number,
) {
  let query = filteredPayouts(db, status);
  query =
    status === 'paid'
      ? query.orderBy('po.paid_at', 'desc')
      : query.orderBy(sql`coalesce(po.payable_since, po.created_at)`, 'asc');
  return query.orderBy('po.id').limit(limit).offset(offset).execute();
}

/** The operator's payouts: the list, the bank batch and marking a batch paid. */
export const payoutsAdminRepository = {
  listPayouts,

  async countPayouts(db: Database, status: AdminPayoutStatus | undefined): Promise<number> {
    let query = db
      .selectFrom('payouts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => eb.or([eb('voided_at', 'is', null), eb('status', '=', 'cancelled')]));
    if (status) query = query.where('status', '=', status);
    return Number((await query.executeTakeFirstOrThrow()).n);
  },

  /** Locks the payouts in id order (two batches sharing payouts never wait on each other in a cycle). */
  async lockPayouts(trx: Database, ids: string[]) {
    const locked = await trx
      .selectFrom('payouts')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (locked.length === 0) return [];
    return payoutRows(trx).where('po.id', 'in', ids).execute();
  },

  async markPaid(trx: Database, ids: string[], reference: string, now: Date): Promise<number> {
    const result = await trx
      .updateTable('payouts')
      .set({ status: 'paid', paid_at: now, reference, updated_at: now })
      .where('id', 'in', ids)
      .where('status', '=', 'payable')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
