import type { Database } from '../../platform/db.ts';
import type { SellerBankAccountsTable } from '../../platform/db-schema.ts';

export type AccountValues = Pick<
  SellerBankAccountsTable,
  | 'bank_id'
  | 'account_number'
  | 'account_type'
  | 'account_name'
  | 'account_document_type'
  | 'account_document_number'
>;

function accountQuery(db: Database) {
  return db
    .selectFrom('seller_bank_accounts as a')
    .innerJoin('banks as b', 'b.id', 'a.bank_id')
    .selectAll('a')
    .select('b.name as bank_name');
}

export type AccountRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof accountQuery>['executeTakeFirst']>>
>;

export const banksRepository = {
  listBanks(db: Database) {
    return db.selectFrom('banks').select(['id', 'name']).orderBy('name').execute();
  },

  listDocumentTypes(db: Database) {
    return db.selectFrom('document_types').select(['id', 'code', 'label']).orderBy('id').execute();
  },

  async bankExists(db: Database, id: number): Promise<boolean> {
    return (await db.selectFrom('banks').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  async documentTypeExists(db: Database, code: string): Promise<boolean> {
    const row = await db
      .selectFrom('document_types')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  },

  async isSeller(db: Database, userId: number): Promise<boolean> {
    const row = await db.selectFrom('users').select('is_seller').where('id', '=', userId).executeTakeFirst();
    return row?.is_seller ?? false;
  },

  /** Serializes one seller's account changes (the one-account rule) behind their user row. */
  lockUser(trx: Database, userId: number) {
    return trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  findBySeller(db: Database, sellerId: number) {
    return accountQuery(db).where('a.seller_id', '=', sellerId).executeTakeFirst();
  },

  findOwned(db: Database, sellerId: number, id: number) {
    return accountQuery(db).where('a.id', '=', id).where('a.seller_id', '=', sellerId).executeTakeFirst();
  },

  async insert(trx: Database, sellerId: number, values: AccountValues, now: Date) {
    const row = await trx
      .insertInto('seller_bank_accounts')
      .values({ ...values, seller_id: sellerId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  update(trx: Database, id: number, values: AccountValues, now: Date) {
    return trx
      .updateTable('seller_bank_accounts')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
};
