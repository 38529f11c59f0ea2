import type { Database } from '../../platform/db.ts';

export type AddressRow = NonNullable<Awaited<ReturnType<typeof findOwned>>>;

function findOwned(db: Database, userId: number, id: number) {
  return db
    .selectFrom('shipping_addresses')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface AddressValues {
  address: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
}

export const shippingAddressesRepository = {
  findOwned,

  /** Serializes one user's address changes (first-default, promotion) behind their user row. */
  async lockUser(trx: Database, userId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The default first, then newest. */
  listByUser(db: Database, userId: number, limit: number) {
    return db
      .selectFrom('shipping_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async countByUser(db: Database, userId: number): Promise<number> {
    const row = await db
      .selectFrom('shipping_addresses')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  findDefault(db: Database, userId: number) {
    return db
      .selectFrom('shipping_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .executeTakeFirst();
  },

  insert(trx: Database, userId: number, values: AddressValues & { is_default: boolean }, now: Date) {
    return trx
      .insertInto('shipping_addresses')
      .values({ ...values, user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(trx: Database, id: number, values: Partial<AddressValues> & { is_default?: boolean }, now: Date) {
    return trx
      .updateTable('shipping_addresses')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  clearDefault(trx: Database, userId: number, now: Date) {
    return trx
      .updateTable('shipping_addresses')
      .set({ is_default: false, updated_at: now })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();
  },

  remove(trx: Database, id: number) {
    return trx.deleteFrom('shipping_addresses').where('id', '=', id).execute();
  },

  /** The address to promote when the default goes: the most recently added one. */
  findNewest(trx: Database, userId: number) {
    return trx
      .selectFrom('shipping_addresses')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
};
