import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { ProductsTable } from '../../platform/db-schema.ts';
import { photosOf } from '../../platform/images.ts';

/** Statuses a product is shown in when browsing a category. */
const VISIBLE_STATUSES = ['available', 'in_auction'] as const;

/**
 * A product with the names of its category, brand and scale and its owner's public name (a read
 * model: the owner's username and avatar come from users in the same query).
 */
function withNames(db: Database) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('scales as s', 's.id', 'p.scale_id')
    .innerJoin('users as u', 'u.id', 'p.owner_id')
    .selectAll('p')
    .select([
      'c.name as category_name',
      'b.name as brand_name',
      's.name as scale_name',
      'u.username as owner_username',
      'u.avatar as owner_avatar',
    ]);
}

/** A product as the lists read it (the cover only). */
export type ProductRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];
/** A product as its pages read it: with its photos in order, in the same statement. */
export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

async function findById(db: Database, id: number) {
  return withNames(db)
    .select((eb) => photosOf(eb.ref('p.id')).as('photos'))
    .where('p.id', '=', id)
    .executeTakeFirst();
}

async function countAndList(
  db: Database,
  filter: (qb: ReturnType<typeof withNames>) => ReturnType<typeof withNames>,
  page: number,
  size: number,
) {
  const base = filter(withNames(db));
  const [rows, total] = await Promise.all([
    base
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

export const productsRepository = {
  findById,

  /** The bare row, locked for the rest of the transaction (edits race with auction creation). */
  lockOwned(trx: Database, id: number, ownerId: number) {
    return trx
      .selectFrom('products')
      .select((eb) => [
        'id',
        'status',
        'owner_id',
        'can_be_bought',
        'sell_price',
        'auto_accept_price',
        'auto_decline_price',
        eb
          .selectFrom('categories as c')
          .select('c.name')
          .whereRef('c.id', '=', 'products.category_id')
          .as('category_name'),
      ])
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .forUpdate()
      .executeTakeFirst();
  },

  async insert(trx: Database, values: Insertable<ProductsTable>): Promise<number> {
    const row = await trx.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** A product's details; its status changes only through the product lifecycle. */
  async update(
    trx: Database,
    id: number,
    values: Omit<Updateable<ProductsTable>, 'status' | 'auction_id'>,
  ): Promise<void> {
    await trx.updateTable('products').set(values).where('id', '=', id).execute();
  },

  /** A seller's own products, newest first, at most `limit`. */
  listByOwner(db: Database, ownerId: number, limit: number) {
    return withNames(db)
      .where('p.owner_id', '=', ownerId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Products that can be bought now (can_be_bought and available), all sellers, paginated. */
  pageBuyable(db: Database, page: number, size: number) {
    return countAndList(
      db,
      (qb) => qb.where('p.can_be_bought', '=', true).where('p.status', '=', 'available'),
      page,
      size,
    );
  },

  /** Products of a category that are on show (available or in an auction), paginated. */
  pageByCategory(db: Database, categoryId: number, page: number, size: number) {
    return countAndList(
      db,
      (qb) => qb.where('p.category_id', '=', categoryId).where('p.status', 'in', VISIBLE_STATUSES),
      page,
      size,
    );
  },

  /**
   * Buyable products sharing the category or the brand of `product`, never itself; same brand
   * first, then newest.
   */
  listSimilarBuyable(
    db: Database,
    product: { id: number; category_id: number; brand_id: number },
    limit: number,
  ) {
    return withNames(db)
      .where('p.id', '!=', product.id)
      .where('p.can_be_bought', '=', true)
      .where('p.status', '=', 'available')
      .where((eb) =>
        eb.or([eb('p.category_id', '=', product.category_id), eb('p.brand_id', '=', product.brand_id)]),
      )
      .orderBy((eb) => eb.case().when('p.brand_id', '=', product.brand_id).then(0).else(1).end())
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Buyable products among `ids`. */
  listBuyableByIds(db: Database, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return withNames(db)
      .where('p.id', 'in', ids)
      .where('p.can_be_bought', '=', true)
      .where('p.status', '=', 'available')
      .execute();
  },

  /** A seller's buyable products, newest first, at most `limit`. */
  listBuyableByOwner(db: Database, ownerId: number, limit: number) {
    return withNames(db)
      .where('p.owner_id', '=', ownerId)
      .where('p.can_be_bought', '=', true)
      .where('p.status', '=', 'available')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
  },
};
