import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/platform/db.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { TEST_PASSWORD_HASH_COST } from '../support/build-app.ts';

export const TEST_PASSWORD = 'Secreta123!';
let counter = 0;

/** The shared test password's hash, at the tests' cheap cost, made once. */
let passwordHash: Promise<string> | undefined;

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
      password_hash: await (passwordHash ??= hashPassword(TEST_PASSWORD, TEST_PASSWORD_HASH_COST)),
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
