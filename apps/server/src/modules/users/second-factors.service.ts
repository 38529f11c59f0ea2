import { randomBytes } from 'node:crypto';
import type { LoginChallenge } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { passkeysRepository } from './passkeys.repository.ts';
import { hashToken } from './totp.ts';
import { twoFactorRepository as repo } from './two-factor.repository.ts';

/*
 * What other modules ask of an account's second factors (login, profile, operator rule, export,
 * deletion), kept apart from the two-step service so that the users service can use it without
 * the two depending on each other.
 */

/** A login challenge lives this long, and ends after this many wrong codes. */
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_FAILURES = 5;

/** Whether the account has two-step verification on (its logins and sensitive changes take a code). */
export async function twoFactorEnabled(db: Database, userId: number): Promise<boolean> {
  return repo.isEnabled(db, userId);
}

/** Whether the account has a second factor of any kind: two-step verification on, or a passkey. */
export async function hasSecondFactor(db: Database, userId: number): Promise<boolean> {
  const [totp, passkeys] = await Promise.all([
    repo.isEnabled(db, userId),
    passkeysRepository.count(db, userId),
  ]);
  return totp || passkeys > 0;
}

/** What the personal-data export says of the account's second factors (never a secret). */
export async function secondFactorsExport(db: Database, userId: number) {
  const [totp, left, passkeys] = await Promise.all([
    repo.findTotp(db, userId),
    repo.remainingRecoveryCodes(db, userId),
    passkeysRepository.list(db, userId),
  ]);
  return {
    two_factor_enabled_at: totp?.enabled_at?.toISOString() ?? null,
    recovery_codes_left: totp?.enabled_at ? left : 0,
    passkeys: passkeys.map((p) => ({
      name: p.name,
      created_at: p.created_at.toISOString(),
      last_used_at: p.last_used_at?.toISOString() ?? null,
    })),
  };
}

/** A deleted account: its secret, codes, challenges and passkeys go, in the deletion's transaction. */
export async function forgetSecondFactors(trx: Database, userId: number): Promise<void> {
  await repo.remove(trx, userId);
  await passkeysRepository.removeAll(trx, userId);
}

/**
 * The step between a right password and a code: a random token (stored as its hash) good for
 * CHALLENGE_LIFETIME_MS on the server's clock.
 */
export async function openLoginChallenge(
  ctx: AppContext,
  userId: number,
  userAgent: string | null | undefined,
): Promise<LoginChallenge> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await repo.insertChallenge(ctx.db, {
    token_hash: hashToken(token),
    user_id: userId,
    user_agent: userAgent ?? null,
    created_at: now,
    expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
  return { two_factor_required: true, challenge_token: token };
}
