import type { AuditAction, ReportStatus } from '@app/contracts';
import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { DB, OperatorAuditTable, ReportsTable } from '../../platform/db-schema.ts';

/** `%`, `_` and `\` typed into a search match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many confirmed sales and purchases an account (`u`) has, for the operator's account list. */
const tradeCounts = (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) => [
  eb
    .selectFrom('payments as s')
    .select((e) => e.fn.countAll<string>().as('n'))
    .whereRef('s.seller_id', '=', 'u.id')
    .where('s.status', '=', 'confirmed')
    .as('sales_count'),
  eb
    .selectFrom('payments as b')
    .select((e) => e.fn.countAll<string>().as('n'))
    .whereRef('b.buyer_id', '=', 'u.id')
    .where('b.status', '=', 'confirmed')
    .as('purchases_count'),
];

/** A report with who sent it, who resolved it, and what it is about (a product, user or question). */
function reportRows(db: Database) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .leftJoin('users as resolver', 'resolver.id', 'r.resolved_by')
    .leftJoin('products as p', (join) =>
      join.onRef('p.id', '=', 'r.target_id').on('r.target_type', '=', 'product'),
    )
    .leftJoin('users as tu', (join) =>
      join.onRef('tu.id', '=', 'r.target_id').on('r.target_type', '=', 'user'),
    )
    .leftJoin('questions as q', (join) =>
      join.onRef('q.id', '=', 'r.target_id').on('r.target_type', '=', 'question'),
    )
    .leftJoin('products as qp', 'qp.id', 'q.product_id')
    .selectAll('r')
    .select([
      'reporter.username as reporter_username',
      'resolver.username as resolved_by_username',
      'p.name as product_name',
      'p.status as product_status',
      'tu.username as target_username',
      'q.text as question_text',
      'q.product_id as question_product_id',
      'qp.status as question_product_status',
    ]);
}

export const operatorRepository = {
  // --- Audit -------------------------------------------------------------------------------

  /** Written in the transaction of the action it records. */
  async audit(
    trx: Database,
    entry: Omit<Insertable<OperatorAuditTable>, 'action'> & { action: AuditAction },
  ): Promise<void> {
    await trx.insertInto('operator_audit').values(entry).execute();
  },

  async listAudit(db: Database, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('operator_audit as a')
        .innerJoin('users as u', 'u.id', 'a.actor_id')
        .selectAll('a')
        .select('u.username as actor_username')
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('operator_audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  // --- Accounts ----------------------------------------------------------------------------

  async listUsers(db: Database, query: string | undefined, limit: number, offset: number) {
    let base = db.selectFrom('users as u');
    if (query) {
      const pattern = likePattern(query.toLowerCase());
      base = base.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['u.username']), 'like', pattern),
          eb(eb.fn('lower', ['u.email']), 'like', pattern),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      base
        .selectAll('u')
        .select(tradeCounts)
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async findUserForAdmin(db: Database, userId: number) {
    const { rows } = await operatorRepository.listUsersByIds(db, [userId]);
    return rows[0];
  },

  async listUsersByIds(db: Database, ids: number[]) {
    const rows = await db
      .selectFrom('users as u')
      .selectAll('u')
      .select(tradeCounts)
      .where('u.id', 'in', ids)
      .execute();
    return { rows };
  },

  lockUser(trx: Database, userId: number) {
    return trx
      .selectFrom('users')
      .select(['id', 'username', 'email', 'is_operator', 'suspended_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  },

  /** The account's products that are not sold (nor already taken down). */
  async unsoldProductIds(trx: Database, ownerId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('products')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('status', 'in', ['available', 'in_auction'])
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Locks a product row against other changes to it. FOR NO KEY UPDATE, not FOR UPDATE: a bid
   * being decided holds its race and inserts rows that reference the product (a key-share lock on
   * it), and a takedown then locks that race; a full lock here would make the two wait for each
   * other (a deadlock PostgreSQL breaks by failing one).
   */
  lockProduct(trx: Database, productId: number) {
    return trx
      .selectFrom('products')
      .select(['id', 'name', 'owner_id', 'status', 'auction_id', 'taken_down_at'])
      .where('id', '=', productId)
      .forNoKeyUpdate()
      .executeTakeFirst();
  },

  // --- Reports -----------------------------------------------------------------------------

  insertReport(db: Database, values: Insertable<ReportsTable>) {
    return db.insertInto('reports').values(values).returning('id').executeTakeFirstOrThrow();
  },

  productTarget(db: Database, id: number) {
    return db
      .selectFrom('products')
      .select(['id', 'name', 'owner_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  userTarget(db: Database, id: number) {
    return db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
  },

  async listReports(db: Database, status: ReportStatus, limit: number, offset: number) {
    const order = status === 'open' ? 'asc' : 'desc';
    const [rows, total] = await Promise.all([
      reportRows(db)
        .where('r.status', '=', status)
        .orderBy('r.created_at', order)
        .orderBy('r.id', order)
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  findReport(db: Database, id: number) {
    return reportRows(db).where('r.id', '=', id).executeTakeFirst();
  },

  lockReport(trx: Database, id: number) {
    return trx.selectFrom('reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  resolveReport(
    trx: Database,
    id: number,
    values: { resolution: 'dismiss' | 'takedown' | 'suspend'; note: string; by: number; now: Date },
  ) {
    return trx
      .updateTable('reports')
      .set({
        status: 'resolved',
        resolution: values.resolution,
        resolution_note: values.note,
        resolved_by: values.by,
        resolved_at: values.now,
      })
      .where('id', '=', id)
      .execute();
  },
};
