import type { Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { OfferStatus, OffersTable } from '../../platform/db-schema.ts';

export const OPEN_STATUSES: OfferStatus[] = ['pending', 'countered'];

/** An offer with what both sides see of its product and of each other. */
function withNames(db: Database) {
  return db
    .selectFrom('offers as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .innerJoin('users as s', 's.id', 'o.seller_id')
    .selectAll('o')
    .select([
      'p.name as product_name',
      'p.image_id',
      'p.sell_price',
      'b.username as buyer_username',
      's.username as seller_username',
    ]);
}

export type OfferView = NonNullable<Awaited<ReturnType<typeof findView>>>;

function findView(db: Database, id: number) {
  return withNames(db).where('o.id', '=', id).executeTakeFirst();
}

export const offersRepository = {
  findView,

  find(db: Database, id: number) {
    return db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  lock(trx: Database, id: number) {
    return trx.selectFrom('offers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** The product an offer is about, locked: offers, accepts and checkouts of one product queue here. */
  lockProduct(trx: Database, productId: number) {
    return trx
      .selectFrom('products')
      .select([
        'id',
        'owner_id',
        'name',
        'status',
        'can_be_bought',
        'sell_price',
        'accepts_offers',
        'auto_accept_price',
        'auto_decline_price',
        'taken_down_at',
      ])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
  },

  async countByBuyer(trx: Database, productId: number, buyerId: number): Promise<number> {
    const row = await trx
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', productId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert(
    trx: Database,
    values: {
      productId: number;
      buyerId: number;
      sellerId: number;
      amount: number;
      message: string | null;
      expiresAt: Date;
      now: Date;
    },
  ) {
    return trx
      .insertInto('offers')
      .values({
        product_id: values.productId,
        buyer_id: values.buyerId,
        seller_id: values.sellerId,
        amount: values.amount,
        message: values.message,
        expires_at: values.expiresAt,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(trx: Database, id: number, values: Updateable<OffersTable>) {
    return trx
      .updateTable('offers')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Declines every other open offer on a product (one was accepted); answers them. */
  declineOthers(trx: Database, productId: number, exceptId: number, now: Date) {
    return trx
      .updateTable('offers')
      .set({ status: 'declined', updated_at: now })
      .where('product_id', '=', productId)
      .where('id', '!=', exceptId)
      .where('status', 'in', OPEN_STATUSES)
      .returning(['id', 'buyer_id', 'seller_id', 'product_id'])
      .execute();
  },

  /** Open offers whose turn ran out (any process: SKIP LOCKED), expired in one statement. */
  async expireOverdue(trx: Database, now: Date, limit: number) {
    const due = await trx
      .selectFrom('offers')
      .select(['id'])
      .where('status', 'in', OPEN_STATUSES)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('offers as o')
      .from('products as p')
      .set({ status: 'expired', updated_at: now })
      .whereRef('p.id', '=', 'o.product_id')
      .where(
        'o.id',
        'in',
        due.map((r) => r.id),
      )
      .returning(['o.id', 'o.buyer_id', 'o.seller_id', 'o.status', 'p.name as product_name'])
      .execute();
  },

  async pageMine(
    db: Database,
    userId: number,
    role: 'buyer' | 'seller' | undefined,
    page: number,
    size: number,
  ) {
    let base = withNames(db);
    base =
      role === 'buyer'
        ? base.where('o.buyer_id', '=', userId)
        : role === 'seller'
          ? base.where('o.seller_id', '=', userId)
          : base.where((eb) => eb.or([eb('o.buyer_id', '=', userId), eb('o.seller_id', '=', userId)]));
    const [rows, total] = await Promise.all([
      base
        .orderBy('o.updated_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  },
};
