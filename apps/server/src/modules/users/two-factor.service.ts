import {
  adminMessages,
  type LoginSecondStepInput,
  twoFactorMessages as messages,
  type RecoveryCodes,
  type TwoFactorSetup,
} from '@app/contracts';
import { resolveJwtSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { perApp } from '../../platform/context.ts';
import { AppError, conflict, fieldError, forbidden } from '../../platform/errors.ts';
import { createSecretBox, type SecretBox } from '../../platform/secret-box.ts';
import { CHALLENGE_MAX_FAILURES } from './second-factors.service.ts';
import { announceSecurityNotices, recordSecurityEvent } from './security-notices.service.ts';
import {
  hashRecoveryCode,
  hashToken,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeCode,
} from './totp.ts';
import { twoFactorRepository as repo } from './two-factor.repository.ts';
import type { UsersService } from './users.service.ts';

const secretBoxOf = perApp((ctx: AppContext) =>
  createSecretBox(resolveJwtSecret(ctx.config.JWT_SECRET, ctx.config.dataDir), 'totp-secret'),
);

const wrongCode = () => fieldError('WRONG_CODE', 'code', messages.wrongCode);
const challengeEnded = () => new AppError('CHALLENGE_ENDED', 401, messages.challengeEnded);

export type SecondFactorUse = 'totp' | 'recovery_code';

export function createTwoFactorService(ctx: AppContext, users: UsersService) {
  const { db, clock, events } = ctx;
  const box: SecretBox = secretBoxOf(ctx);

  /** A recovery code was spent: the account is told, with how many are left. */
  async function recoveryCodeUsed(userId: number): Promise<void> {
    const notices = await db.transaction().execute(async (trx) => {
      const remaining = await repo.remainingRecoveryCodes(trx, userId);
      return recordSecurityEvent(trx, userId, 'recovery_code_used', { remaining }, clock.now());
    });
    await announceSecurityNotices(events, notices);
  }

  /**
   * The account's authenticator secret, or null when it was sealed under another server secret
   * (JWT_SECRET changed since the set-up): then no authenticator code can match, and the person
   * gets in with a recovery code and sets it up again, instead of every attempt failing with 500.
   */
  function openSecret(sealed: string): string | null {
    try {
      return box.open(sealed);
    } catch {
      return null;
    }
  }

  /**
   * Whether `code` is a current authenticator code (taken now: a replay is refused) or an unused
   * recovery code (spent now, once ever) of the account; null when it is neither.
   */
  async function useCode(userId: number, code: string): Promise<SecondFactorUse | null> {
    const totp = await repo.findTotp(db, userId);
    if (!totp?.enabled_at) return null;
    const normalized = normalizeCode(code);
    const secret = openSecret(totp.secret_encrypted);
    const step = secret === null ? null : matchTotpStep(secret, normalized, clock.now());
    if (step !== null) {
      return (await repo.takeStep(db, userId, step, totp.secret_encrypted)) ? 'totp' : null;
    }
    if (/^\d+$/.test(normalized)) return null;
    if (!(await repo.spendRecoveryCode(db, userId, hashRecoveryCode(normalized), clock.now()))) return null;
    await recoveryCodeUsed(userId);
    return 'recovery_code';
  }

  return {
    async setup(userId: number, currentPassword: string): Promise<TwoFactorSetup> {
      const user = await users.assertCurrentPassword(userId, currentPassword);
      if (await repo.isEnabled(db, userId)) throw alreadyEnabled();
      const { secret, otpauthUrl } = newTotpSecret(user.email);
      if (!(await repo.savePendingSecret(db, userId, box.seal(secret), clock.now()))) throw alreadyEnabled();
      return { secret, otpauth_url: otpauthUrl };
    },

    async enable(userId: number, code: string): Promise<RecoveryCodes> {
      await users.requireUser(userId);
      const totp = await repo.findTotp(db, userId);
      if (!totp) throw conflict('TWO_FACTOR_NOT_SET_UP', messages.setupFirst);
      if (totp.enabled_at) throw alreadyEnabled();
      const secret = openSecret(totp.secret_encrypted);
      if (secret === null) throw conflict('TWO_FACTOR_NOT_SET_UP', messages.setupFirst);
      const step = matchTotpStep(secret, normalizeCode(code), clock.now());
      if (step === null) throw wrongCode();
      const codes = newRecoveryCodes();
      const notices = await db.transaction().execute(async (trx) => {
        // The code that turned it on is spent: it cannot log in a second time within its window.
        if (!(await repo.takeStep(trx, userId, step, totp.secret_encrypted))) return null;
        if (!(await repo.markEnabled(trx, userId, clock.now()))) return null;
        await repo.replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode));
        return recordSecurityEvent(trx, userId, 'two_factor_enabled', {}, clock.now());
      });
      if (!notices) throw alreadyEnabled();
      await announceSecurityNotices(events, notices);
      return { message: messages.enabled, recovery_codes: codes };
    },

    async disable(userId: number, currentPassword: string, code: string): Promise<void> {
      await users.assertCurrentPassword(userId, currentPassword);
      if (!(await repo.isEnabled(db, userId))) throw conflict('TWO_FACTOR_NOT_ENABLED', messages.notEnabled);
      if ((await useCode(userId, code)) === null) throw wrongCode();
      const notices = await db.transaction().execute(async (trx) => {
        // Turned off by a racing request meanwhile: told once.
        if (!(await repo.remove(trx, userId))) return [];
        return recordSecurityEvent(trx, userId, 'two_factor_disabled', {}, clock.now());
      });
      await announceSecurityNotices(events, notices);
    },

    /**
     * With two-step verification on, a sensitive change (bank account, e-mail) also takes a
     * current code: 400 on `code` when it is missing or wrong. Nothing is asked otherwise.
     */
    async assertSecondFactor(userId: number, code: string | undefined): Promise<SecondFactorUse | null> {
      if (!(await repo.isEnabled(db, userId))) return null;
      if (!code) throw fieldError('CODE_REQUIRED', 'code', messages.codeRequired);
      const used = await useCode(userId, code);
      if (used === null) throw wrongCode();
      return used;
    },

    /** Whether the code is good, without asking when two-step verification is off (false then). */
    async tryCode(userId: number, code: string): Promise<boolean> {
      return (await useCode(userId, code)) !== null;
    },

    /**
     * The second step of a login. Each attempt is counted against the challenge before its code
     * is weighed (an ended, expired or spent challenge is a 401); a wrong code is a 400 and the
     * fifth ends the challenge; a right one ends it and opens the session, once, whichever of
     * racing requests gets there first.
     */
    async completeLogin(
      input: LoginSecondStepInput,
      userAgent?: string | null,
    ): Promise<{ jwt_token: string; userId: number; used: SecondFactorUse }> {
      const tokenHash = hashToken(input.challenge_token);
      const attempt = await repo.claimAttempt(db, tokenHash, CHALLENGE_MAX_FAILURES, clock.now());
      if (!attempt) throw challengeEnded();
      const used = await useCode(attempt.user_id, input.code);
      if (used === null) {
        if (attempt.failures >= CHALLENGE_MAX_FAILURES) await repo.endChallenge(db, tokenHash, clock.now());
        throw wrongCode();
      }
      if (!(await repo.completeChallenge(db, tokenHash, clock.now()))) throw challengeEnded();
      const user = await users.requireUser(attempt.user_id);
      if (user.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
      const session = await users.startSession(user.id, userAgent ?? attempt.user_agent);
      return { ...session, userId: user.id, used };
    },

    isEnabled: (userId: number) => repo.isEnabled(db, userId),
  };
}

function alreadyEnabled() {
  return conflict('TWO_FACTOR_ALREADY_ENABLED', messages.alreadyEnabled);
}
