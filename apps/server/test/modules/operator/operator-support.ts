import type { TestApp } from '../../helpers/build-app.ts';
import { insertUserWithToken } from '../../factories/users.ts';

/** A logged-in operator. */
export async function insertOperator(t: TestApp, username = 'operadora') {
  const created = await insertUserWithToken(t, { username, email: `${username}@test.dev` });
  await t.ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', created.user.id).execute();
  return created;
}

/** Registers a bank account for `sellerId` straight into the table. */
export async function insertBankAccount(
  t: TestApp,
  sellerId: number,
  overrides: Partial<{ account_number: string; account_name: string; account_document_number: string }> = {},
) {
  const bank = await t.ctx.db.selectFrom('banks').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date();
  return t.ctx.db
    .insertInto('seller_bank_accounts')
    .values({
      seller_id: sellerId,
      bank_id: bank.id,
      account_number: overrides.account_number ?? '0012345678',
      account_type: 'ahorro',
      account_name: overrides.account_name ?? 'Titular de Prueba',
      account_document_type: 'CC',
      account_document_number: overrides.account_document_number ?? '1020304050',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
