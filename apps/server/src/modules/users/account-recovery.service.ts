import { randomBytes } from 'node:crypto';
import {
  adminMessages,
  EMAIL_CHANGE_LINK_HOURS,
  type EmailChangeRequest,
  accountRecoveryMessages as messages,
  PASSWORD_RESET_LINK_HOURS,
  type PasswordResetConfirm,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { badRequest, conflict, fieldError, forbidden, isUniqueViolation } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { enqueueMail } from '../mail/outbox.service.ts';
import { linkTokenHash, accountRecoveryRepository as repo } from './account-recovery.repository.ts';
import {
  announceSecurityNotices,
  type PendingSecurityNotices,
  recordSecurityEvent,
} from './security-notices.service.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import { usersRepository } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

const HOUR_MS = 3600_000;
/** Reset e-mails at most, per account and per client address, in any hour (with RATE_LIMIT). */
const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;
const RESET_MAILS_PER_ADDRESS_PER_HOUR = 10;
/** Reset requests one pass of the timed job handles. */
const REQUESTS_PER_PASS = 20;

const invalidResetLink = () => badRequest('RESET_LINK_INVALID', messages.resetLinkInvalid);
const invalidEmailLink = () => badRequest('EMAIL_LINK_INVALID', messages.emailLinkInvalid);
const emailTaken = () => conflict('EMAIL_TAKEN', messages.emailTaken);

/** 256 random bits: the link is the only thing that proves who opens it. */
const newLinkToken = () => randomBytes(32).toString('base64url');

/**
 * Password reset by e-mail and changing the account's address.
 *
 * A reset request only writes its row (`requestPasswordReset`): an unknown address and a known
 * one cost the same single insert, so neither the answer nor its time tells whether an account
 * exists. The timed job (`resetRequestsJob`, every second) finds the account, applies the hourly
 * limits and e-mails the link. Links are relative paths, made absolute with the server's own
 * address (PUBLIC_URL) when the e-mail is rendered, never with the request's Host header (which a
 * stranger could point at a site of theirs).
 */
export function createAccountRecovery(ctx: AppContext, users: UsersService) {
  const { db, clock, config, events } = ctx;
  const twoFactor = createTwoFactorService(ctx, users);

  /** Handles the oldest waiting request, if any; whether there was one. */
  async function processResetRequest(now: Date): Promise<boolean> {
    const outcome = await db.transaction().execute(async (trx) => {
      const request = await repo.claimResetRequest(trx);
      if (!request) return undefined;
      const user = await usersRepository.findByEmail(trx, request.email);
      let notices: PendingSecurityNotices = [];
      // Only an active account gets a link: a reset never lifts a suspension.
      if (user && !user.suspended_at && (await repo.lockUser(trx, user.id))) {
        await repo.lockAddress(trx, request.ip);
        if (await withinResetLimits(trx, user.id, request.ip, now)) {
          const token = newLinkToken();
          await repo.voidLinks(trx, 'password_reset_tokens', user.id, now);
          await repo.insertResetLink(trx, {
            userId: user.id,
            tokenHash: linkTokenHash(token),
            now,
            expiresAt: new Date(now.getTime() + PASSWORD_RESET_LINK_HOURS * HOUR_MS),
          });
          const link = `/restablecer/${token}`;
          notices = await recordSecurityEvent(trx, user.id, 'password_reset_requested', { link }, now);
        }
      }
      await repo.markResetRequest(trx, request.id, now, notices.length > 0);
      return notices;
    });
    if (outcome === undefined) return false;
    await announceSecurityNotices(events, outcome);
    return true;
  }

  /** Past the hourly limits the request is dropped silently: the answer was the same already. */
  async function withinResetLimits(trx: Database, userId: number, ip: string, now: Date) {
    if (!config.RATE_LIMIT) return true;
    const since = new Date(now.getTime() - HOUR_MS);
    const [toAccount, fromAddress] = [
      await repo.linksCreatedSince(trx, 'password_reset_tokens', userId, since),
      await repo.linksSentToAddressSince(trx, ip, since),
    ];
    return toAccount < RESET_MAILS_PER_ACCOUNT_PER_HOUR && fromAddress < RESET_MAILS_PER_ADDRESS_PER_HOUR;
  }

  const resetRequestsJob: Job = {
    name: 'users.password-reset-requests',
    async run(now) {
      let done = 0;
      while (done < REQUESTS_PER_PASS && (await processResetRequest(now))) done += 1;
      if (done > 0) await repo.pruneResetRequests(db, new Date(now.getTime() - 24 * HOUR_MS));
      return done;
    },
  };

  return {
    resetRequestsJob,

    /** The same single statement for every address; the job does the rest. */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await repo.insertResetRequest(db, email, ip, clock.now());
    },

    /**
     * Sets the password from a link (once, even when sent twice at once), voids the account's
     * other links, ends every session and sends the password-changed notice. It opens no session:
     * the person logs in with the new password (and the second step, when the account has one).
     */
    async confirmPasswordReset(input: PasswordResetConfirm): Promise<void> {
      const tokenHash = linkTokenHash(input.token);
      // A link that does not work costs no password hash.
      if (!(await repo.lockUsableResetLink(db, tokenHash, clock.now()))) throw invalidResetLink();
      const passwordHash = await hashPassword(input.password, config.PASSWORD_HASH_COST);
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const link = await repo.lockUsableResetLink(trx, tokenHash, now);
        if (!link) throw invalidResetLink();
        const user = await repo.lockUser(trx, link.user_id);
        if (!user) throw invalidResetLink();
        if (user.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
        await repo.spendLink(trx, 'password_reset_tokens', link.id, now);
        await repo.voidLinks(trx, 'password_reset_tokens', user.id, now);
        await usersRepository.bumpTokenVersion(trx, user.id, {
          password_hash: passwordHash,
          password_changed_at: now,
          updated_at: now,
        });
        await usersRepository.endSessions(trx, user.id, now);
        const notices = await recordSecurityEvent(trx, user.id, 'password_reset', {}, now);
        return { userId: user.id, notices };
      });
      await users.endedSessions(outcome.userId);
      await announceSecurityNotices(events, outcome.notices);
    },

    /**
     * E-mails a confirmation link (24 hours, once; a newer one voids it) to the new address and a
     * notice to the current one. Nothing changes until the link is opened.
     */
    async requestEmailChange(userId: number, input: EmailChangeRequest): Promise<void> {
      const user = await users.assertCurrentPassword(userId, input.current_password);
      if (input.new_email === user.email.toLowerCase()) {
        throw fieldError('SAME_EMAIL', 'new_email', messages.sameEmail);
      }
      if (await repo.emailTakenByOther(db, input.new_email, userId)) throw emailTaken();
      // Whoever holds the session and the password must still show the second factor.
      await twoFactor.assertSecondFactor(userId, input.code);
      const token = newLinkToken();
      const now = clock.now();
      const notices = await db.transaction().execute(async (trx) => {
        await repo.voidLinks(trx, 'email_change_tokens', userId, now);
        await repo.insertEmailLink(trx, {
          userId,
          newEmail: input.new_email,
          tokenHash: linkTokenHash(token),
          now,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * HOUR_MS),
        });
        await enqueueMail(
          trx,
          [
            {
              kind: 'email_confirmation',
              to: input.new_email,
              userId,
              title: 'Confirma tu nuevo correo',
              message: `Abre este enlace para que ${input.new_email} sea el correo de tu cuenta ${user.username} en Coleccionables. Sirve una sola vez y durante ${EMAIL_CHANGE_LINK_HOURS} horas. Si no lo pediste tú, ignora este correo.`,
              link: `/confirmar-correo/${token}`,
            },
          ],
          now,
        );
        return recordSecurityEvent(
          trx,
          userId,
          'email_change_requested',
          { new_email: input.new_email },
          now,
        );
      });
      await announceSecurityNotices(events, notices);
    },

    /**
     * Moves the account to the link's address. Every other session ends; the session that opened
     * the link goes on when it is the account's own (logged out, or logged in as someone else,
     * every session ends). Pending reset links, sent to the old address, stop working.
     */
    async confirmEmailChange(
      token: string,
      session: { userId: number; sessionId: string } | null,
    ): Promise<{ email: string }> {
      const tokenHash = linkTokenHash(token);
      const now = clock.now();
      let outcome: { userId: number; email: string; notices: PendingSecurityNotices };
      try {
        outcome = await db.transaction().execute(async (trx) => {
          const link = await repo.lockUsableEmailLink(trx, tokenHash, now);
          if (!link) throw invalidEmailLink();
          const user = await repo.lockUser(trx, link.user_id);
          if (!user) throw invalidEmailLink();
          if (await repo.emailTakenByOther(trx, link.new_email, user.id)) throw emailTaken();
          await repo.setEmail(trx, user.id, link.new_email, now);
          await repo.spendLink(trx, 'email_change_tokens', link.id, now);
          await repo.voidLinks(trx, 'email_change_tokens', user.id, now);
          await repo.voidLinks(trx, 'password_reset_tokens', user.id, now);
          if (session?.userId === user.id) {
            await users.endOtherSessionsIn(trx, user.id, session.sessionId, now);
          } else {
            await users.endAllSessionsIn(trx, user.id, now);
          }
          const notices = await recordSecurityEvent(
            trx,
            user.id,
            'email_changed',
            { old_email: user.email, new_email: link.new_email },
            now,
          );
          return { userId: user.id, email: link.new_email, notices };
        });
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await users.endedSessions(outcome.userId);
      await announceSecurityNotices(events, outcome.notices);
      return { email: outcome.email };
    },
  };
}
