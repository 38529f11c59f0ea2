import type { Database } from '../../platform/db.ts';

const publicColumns = [
  'q.id',
  'q.text',
  'q.created_at',
  'q.answer_text',
  'q.answered_at',
  'a.username as asker_username',
] as const;

export const questionsRepository = {
  /** Every question a user asked or received as a seller, hidden ones too (their data export). */
  ofUser(db: Database, userId: number) {
    return db
      .selectFrom('questions as q')
      .innerJoin('products as p', 'p.id', 'q.product_id')
      .select([
        'q.id',
        'q.product_id',
        'p.name as product_name',
        'q.asker_id',
        'q.text',
        'q.created_at',
        'q.answer_text',
        'q.answered_at',
        'q.hidden_at',
      ])
      .where((eb) => eb.or([eb('q.asker_id', '=', userId), eb('q.seller_id', '=', userId)]))
      .orderBy('q.id')
      .execute();
  },

  /** What asking needs of a product: its owner, state and name (read, not written, here). */
  findProduct(db: Database, productId: number) {
    return db
      .selectFrom('products')
      .select(['id', 'owner_id', 'status', 'name', 'can_be_bought', 'taken_down_at'])
      .where('id', '=', productId)
      .executeTakeFirst();
  },

  findUser(db: Database, id: number) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'is_seller'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  insert(
    db: Database,
    values: { productId: number; sellerId: number; askerId: number; text: string; now: Date },
  ) {
    return db
      .insertInto('questions')
      .values({
        product_id: values.productId,
        seller_id: values.sellerId,
        asker_id: values.askerId,
        text: values.text,
        created_at: values.now,
      })
      .returning(['id', 'text', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  /** A question with what answering, hiding and notifying need. */
  findById(db: Database, id: number) {
    return db
      .selectFrom('questions as q')
      .innerJoin('products as p', 'p.id', 'q.product_id')
      .innerJoin('users as a', 'a.id', 'q.asker_id')
      .select([
        ...publicColumns,
        'q.seller_id',
        'q.asker_id',
        'q.product_id',
        'q.hidden_at',
        'p.name as product_name',
        'p.status as product_status',
      ])
      .where('q.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Writes the answer only while there is none, in one statement: of two answers sent at once,
   * exactly one finds the row unanswered.
   */
  answer(db: Database, id: number, sellerId: number, text: string, now: Date) {
    return db
      .updateTable('questions')
      .set({ answer_text: text, answered_at: now })
      .where('id', '=', id)
      .where('seller_id', '=', sellerId)
      .where('answered_at', 'is', null)
      .where('hidden_at', 'is', null)
      .returning(['id', 'answer_text', 'answered_at'])
      .executeTakeFirst();
  },

  hide(db: Database, id: number, sellerId: number, now: Date) {
    return db
      .updateTable('questions')
      .set({ hidden_at: now })
      .where('id', '=', id)
      .where('seller_id', '=', sellerId)
      .where('hidden_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
  },

  listForProduct(db: Database, productId: number, limit: number, offset: number) {
    const shown = allQuestions(db).where('q.product_id', '=', productId).where('q.hidden_at', 'is', null);
    return withTotal(
      shown,
      shown
        .innerJoin('users as a', 'a.id', 'q.asker_id')
        .select(publicColumns)
        .orderBy('q.created_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    );
  },

  listForSeller(db: Database, sellerId: number, answered: boolean, limit: number, offset: number) {
    const shown = allQuestions(db)
      .where('q.seller_id', '=', sellerId)
      .where('q.hidden_at', 'is', null)
      .where('q.answered_at', answered ? 'is not' : 'is', null);
    return withTotal(
      shown,
      shown
        .innerJoin('users as a', 'a.id', 'q.asker_id')
        .innerJoin('products as p', 'p.id', 'q.product_id')
        .select([...publicColumns, 'q.product_id', 'p.name as product_name', 'p.status as product_status'])
        .orderBy('q.created_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    );
  },
};

const allQuestions = (db: Database) => db.selectFrom('questions as q');

/** A page of questions with how many the same filter matches in all (read together). */
async function withTotal<Row>(matching: ReturnType<typeof allQuestions>, page: Promise<Row[]>) {
  const [rows, count] = await Promise.all([
    page,
    matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
