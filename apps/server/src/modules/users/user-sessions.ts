import { randomBytes } from 'node:crypto';
import { TOKEN_LIFETIME_SECONDS } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { channels, SESSIONS_ENDED } from '../../platform/events.ts';
import { type DirectMail, enqueueMail, securityNotice } from '../mail/outbox.service.ts';
import { usersRepository } from './users.repository.ts';

/** A session's device label is the start of its User-Agent, no more. */
const USER_AGENT_LABEL_MAX = 200;

/** When a token issued at `now` expires (a second late at most: a token's times are whole seconds). */
const tokenExpiry = (now: Date) => new Date(now.getTime() + (TOKEN_LIFETIME_SECONDS + 1) * 1000);

/**
 * An account's sessions (one per device): opening one, and ending this one, the others or all of
 * them, with what this process and the others cached about them.
 */
export function createUserSessions(ctx: AppContext) {
  const { db, clock, auth, events } = ctx;

  /**
   * One or all of the account's sessions were just ended: this process stops trusting what it
   * cached about them at once, the other processes when the event reaches them, and open sockets
   * of the user check their token again (those of an ended session close, the others stay).
   */
  async function endedSessions(userId: number) {
    auth.forgetSessions(userId);
    const announce = async () => {
      await events.publish(channels.sessionsEnded, { user_id: userId });
      await events.publish(channels.userNotifications(userId), { message: SESSIONS_ENDED });
    };
    await announce().catch((err) => {
      // The sessions are ended already; another process trusts its cached answer a few seconds
      // longer, and a socket missing this stays open until it reconnects.
      ctx.log.warn({ err }, 'could not announce ended sessions');
    });
  }

  /**
   * A new session (one device) of the account at its token version `version`, and its token.
   * A password change or 'end every session' between reading the version and this insert leaves
   * the token refused: the version, not the row, is what ends every session.
   */
  async function openSession(userId: number, version: number, userAgent?: string | null): Promise<string> {
    const id = randomBytes(18).toString('base64url');
    const now = clock.now();
    // Ended sessions and expired ones of this account are of no further use.
    await usersRepository.pruneSessions(db, userId, now);
    await usersRepository.insertSession(db, {
      id,
      user_id: userId,
      token_version: version,
      user_agent: userAgent ? userAgent.slice(0, USER_AGENT_LABEL_MAX) : null,
      created_at: now,
      expires_at: tokenExpiry(now),
    });
    return auth.issueToken(userId, version, id);
  }

  /**
   * Ends every session of the account (all devices) inside `trx`, so they end exactly when the
   * caller's change commits; `endedSessions` must follow the commit. Whether the account exists.
   */
  async function endAllSessionsIn(trx: Database, userId: number, now: Date): Promise<boolean> {
    const version = await usersRepository.bumpTokenVersion(trx, userId);
    if (version === undefined) return false;
    await usersRepository.endSessions(trx, userId, now);
    return true;
  }

  /**
   * Ends every session of the account but `keepSessionId` inside `trx` (a change made from that
   * session: it goes on, platform/auth.ts says how); `endedSessions` must follow the commit. The
   * account's new version, or undefined when the account is gone.
   */
  async function endOtherSessionsIn(
    trx: Database,
    userId: number,
    keepSessionId: string,
    now: Date,
    values: Parameters<typeof usersRepository.bumpTokenVersion>[2] = {},
  ): Promise<number | undefined> {
    const version = await usersRepository.bumpTokenVersion(trx, userId, values);
    if (version === undefined) return undefined;
    await usersRepository.endSessions(trx, userId, now, keepSessionId);
    await usersRepository.renewSession(trx, userId, keepSessionId, tokenExpiry(now), version);
    return version;
  }

  /**
   * Ends every session of the account (all devices): its tokens get 401 from now on, in this
   * process at once and in the others when the bus message arrives; its open sockets close.
   * `notice`, when given, is e-mailed in the same transaction (the user's own "logout
   * everywhere"; a suspension ends sessions without one).
   */
  async function endAllSessions(userId: number, notice?: DirectMail): Promise<void> {
    const ended = await db.transaction().execute(async (trx) => {
      const done = await endAllSessionsIn(trx, userId, clock.now());
      if (done && notice) await enqueueMail(trx, [notice], clock.now());
      return done;
    });
    if (ended) await endedSessions(userId);
  }

  return {
    openSession,
    endAllSessions,
    endAllSessionsIn,
    endOtherSessionsIn,
    endedSessions,

    /** Ends this session only (this device): the account's other sessions keep working. */
    async logout(userId: number, sessionId: string): Promise<void> {
      await usersRepository.endSession(db, userId, sessionId, clock.now());
      // Also when a concurrent logout of the same session ended it first: the answer is the same.
      await endedSessions(userId);
    },

    /** The user's own "log out everywhere": every session ends and a security notice is mailed. */
    logoutEverywhere: (userId: number) => endAllSessions(userId, securityNotice.sessionsEnded(userId)),
  };
}
