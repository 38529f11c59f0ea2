import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import type { Database } from '../../src/platform/db.ts';

export const TEST_PASSWORD = 'Secreta123!';
let counter = 0;

/**
 * The shared test password, stored in the app's own format ("scrypt$N$r$p$salt$hash") but with a
 * small N. Login checks a password with the parameters its stored hash carries, so these users log
 * in over the real path in milliseconds instead of a full-cost scrypt (~0.3 s of CPU, far more on a
 * busy machine) per login; accounts the app creates itself keep the full cost.
 */
const passwordHash = (() => {
  const params = { N: 2 ** 10, r: 8, p: 1 };
  const salt = randomBytes(16);
  const key = scryptSync(TEST_PASSWORD.normalize('NFKC'), salt, 32, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
})();

/** Inserts a user with the shared test password; returns the row. */
export async function insertUser(
  db: Database,
  overrides: Partial<{ email: string; username: string; is_seller: boolean; name: string }> = {},
) {
  counter += 1;
  const tag = `${process.pid}_${counter}`;
  const now = new Date();
  return db
    .insertInto('users')
    .values({
      email: overrides.email ?? `user_${tag}@test.dev`,
      username: overrides.username ?? `user_${tag}`,
      password_hash: passwordHash,
      is_seller: overrides.is_seller ?? false,
      name: overrides.name ?? 'Usuario',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts a user and logs them in over HTTP; returns the row and its token. */
export async function insertUserWithToken(
  app: { ctx: { db: Database }; login(email: string, password: string): Promise<string> },
  overrides: Parameters<typeof insertUser>[1] = {},
) {
  const user = await insertUser(app.ctx.db, overrides);
  const token = await app.login(user.email, TEST_PASSWORD);
  return { user, token };
}

/**
 * A token as a login issues it (a session row and a token naming it), without the password hash
 * a login costs: for tests that need many logged-in users at once.
 */
export async function issueSessionToken(
  ctx: {
    db: Database;
    auth: { issueToken(userId: number, version: number, sessionId: string): Promise<string> };
  },
  userId: number,
) {
  const sessionId = `test-${randomUUID()}`;
  const { token_version } = await ctx.db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('user_sessions')
    .values({
      id: sessionId,
      user_id: userId,
      user_agent: null,
      created_at: new Date(),
      expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    })
    .execute();
  return ctx.auth.issueToken(userId, token_version, sessionId);
}
