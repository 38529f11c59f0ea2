import type { Database } from '../../platform/db.ts';

/**
 * Erases the person and keeps the account's row: payments, payouts, bids and ratings point at
 * it, so it stays under a name that says nothing, with no way to log in, and what only described
 * the person is emptied. The failed logins counted against the address go too.
 */
export async function eraseAccountRow(
  trx: Database,
  user: { id: number; email: string },
  unusableHash: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      username: `usuario_eliminado_${user.id}`,
      email: `eliminado_${user.id}@usuarios-eliminados.invalid`,
      password_hash: unusableHash,
      name: null,
      last_name: null,
      phone: null,
      address: null,
      bio: null,
      avatar: null,
      birth_date: null,
      is_seller: false,
      updated_at: now,
    })
    .where('id', '=', user.id)
    .execute();
  await trx.deleteFrom('login_attempts').where('email', '=', user.email).execute();
}
