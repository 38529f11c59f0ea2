import { randomBytes } from 'node:crypto';
import {
  adminMessages,
  type ChangePasswordInput,
  EmailSchema,
  LOGIN_LOCKOUT_MINUTES,
  type LoginChallenge,
  type LoginInput,
  type ProfileUpdateInput,
  type PublicProfile,
  type UserProfile,
  userMessages,
} from '@app/contracts';
import { TOKEN_LIFETIME_SECONDS } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, fieldError, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { channels, SESSIONS_ENDED } from '../../platform/events.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { followersCount } from '../follows/follows.service.ts';
import { type DirectMail, enqueueMail, securityNotice } from '../mail/outbox.service.ts';
import { sellerRatingSummary } from '../ratings/ratings.service.ts';
import { recordClientAddress } from '../trust/client-addresses.service.ts';
import { sellerReputation } from '../trust/reputation.service.ts';
import { unpaidStrikesOf } from '../trust/trust.service.ts';
import { vacationOf } from '../trust/vacation.service.ts';
import { openLoginChallenge, twoFactorEnabled } from './second-factors.service.ts';
import { announceSecurityNotices, recordSecurityEvent } from './security-notices.service.ts';
import { findUserStats } from './user-stats.repository.ts';
import { type UserRow, usersRepository } from './users.repository.ts';

const LOGIN_WINDOW_MS = LOGIN_LOCKOUT_MINUTES * 60 * 1000;
/** Failures on one account from one client address: a stranger elsewhere cannot lock the owner out. */
const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
/** Failures from one client address on any accounts (looser: offices and phones share addresses). */
const MAX_FAILURES_PER_ADDRESS = 50;
/** A session's device label is the start of its User-Agent, no more. */
const USER_AGENT_LABEL_MAX = 200;

type User = NonNullable<UserRow>;

/** When a token issued at `now` expires (a second late at most: a token's times are whole seconds). */
const tokenExpiry = (now: Date) => new Date(now.getTime() + (TOKEN_LIFETIME_SECONDS + 1) * 1000);

/**
 * Whether the account runs the marketplace now: an operator and not suspended, read afresh on
 * every call (a role taken away counts at once). The one operator check of every module.
 */
export async function isOperator(db: Database, userId: number): Promise<boolean> {
  const user = await usersRepository.findById(db, userId);
  return user?.is_operator === true && user.suspended_at === null;
}

export interface NewAccount {
  email: string;
  username: string;
  password: string;
  isSeller?: boolean;
}

/** Makes an account: registration is closed, so the users:create command and the seed do. */
export async function createAccount(
  db: Database,
  input: NewAccount,
  options: { hashCost: number; now: Date },
) {
  return usersRepository.insert(db, {
    email: EmailSchema.parse(input.email),
    username: input.username,
    password_hash: await hashPassword(input.password, options.hashCost),
    is_seller: input.isSeller ?? false,
    created_at: options.now,
    updated_at: options.now,
  });
}

export function createUsersService(ctx: AppContext) {
  const { db, clock, auth, events } = ctx;
  const hashCost = ctx.config.PASSWORD_HASH_COST;

  async function requireUser(userId: number): Promise<User> {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

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

  /** 400 (a 401 would log the user out) unless `password` is the account's current one. */
  async function assertPassword(user: User, password: string, refusal: () => AppError): Promise<void> {
    if (!(await verifyPassword(password, user.password_hash))) throw refusal();
  }

  const wrongCurrentPassword = () =>
    fieldError('WRONG_CURRENT_PASSWORD', 'current_password', userMessages.wrongCurrentPassword);

  async function toProfile(user: User): Promise<UserProfile> {
    const [stats, strikes] = await Promise.all([
      findUserStats(db, user.id),
      unpaidStrikesOf(db, user.id, clock.now()),
    ]);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      phone: user.phone,
      address: user.address,
      bio: user.bio,
      avatar: user.avatar,
      name: user.name,
      last_name: user.last_name,
      birth_date: user.birth_date,
      is_seller: user.is_seller,
      is_operator: user.is_operator,
      two_factor_enabled: await twoFactorEnabled(db, user.id),
      created_at: user.created_at.toISOString(),
      activeListings: stats.active_listings,
      totalSales: stats.products_sold,
      unpaid_strikes: strikes,
      ...vacationOf(user, clock.now()),
    };
  }

  return {
    /**
     * Checks the password with per-account and per-address throttling. The
     * attempt is recorded before the password is checked, so guesses sent all at once cannot all
     * slip past the count: only those with fewer than the limit before them get checked.
     */
    async login(
      input: LoginInput,
      ip: string,
      userAgent?: string | null,
    ): Promise<{ jwt_token: string } | LoginChallenge> {
      const now = clock.now();
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const attemptId = await usersRepository.recordFailedLogin(db, input.email, ip, now);
      const [accountAttempts, addressAttempts] = await Promise.all([
        usersRepository.countFailedLogins(db, since, { email: input.email, ip }, attemptId),
        usersRepository.countFailedLogins(db, since, { ip }, attemptId),
      ]);
      if (
        accountAttempts > MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS ||
        addressAttempts > MAX_FAILURES_PER_ADDRESS
      ) {
        // A refused attempt does not count: the block ends when the window of the failures passes.
        await usersRepository.deleteLoginAttempt(db, attemptId);
        throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', 429, userMessages.tooManyAttempts);
      }
      const user = await usersRepository.findByEmail(db, input.email);
      const valid = await verifyPassword(
        input.password,
        user?.password_hash ?? (await dummyPasswordHash(hashCost)),
      );
      if (!user || !valid) {
        throw new AppError('BAD_CREDENTIALS', 401, userMessages.badCredentials);
      }
      // Only after the password: the answer must not tell a stranger the account exists.
      if (user.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
      // This address's failures only: a stranger's count elsewhere stays where it was.
      await usersRepository.clearFailedLogins(db, input.email, ip);
      await usersRepository.pruneFailedLogins(db, since);
      await recordClientAddress(ctx, user.id, 'login', ip);
      // The password was right; with two-step verification on, the session waits for a code.
      if (await twoFactorEnabled(db, user.id)) return openLoginChallenge(ctx, user.id, userAgent);
      return { jwt_token: await openSession(user.id, user.token_version, userAgent) };
    },

    async getProfile(userId: number): Promise<UserProfile> {
      return toProfile(await requireUser(userId));
    },

    async updateProfile(userId: number, input: ProfileUpdateInput): Promise<UserProfile> {
      await requireUser(userId);
      const updated = await usersRepository.update(db, userId, { ...input, updated_at: clock.now() });
      if (!updated) throw unauthorized();
      return toProfile(updated);
    },

    async isSeller(userId: number): Promise<boolean> {
      return (await requireUser(userId)).is_seller;
    },

    /**
     * The account, once `password` proved to be its current one; else the 400 `refusal` (by
     * default 'La contraseña actual es incorrecta' on `current_password`: a 400, not a 401, since a
     * 401 would log the user out).
     */
    async assertCurrentPassword(
      userId: number,
      password: string,
      refusal: () => AppError = wrongCurrentPassword,
    ): Promise<User> {
      const user = await requireUser(userId);
      await assertPassword(user, password, refusal);
      return user;
    },

    /**
     * Every other session of the account ends; the one that made the change (`sessionId`) goes
     * on: its token keeps working, and so does the fresh one answered here (for clients that
     * take it). The password-changed notice is sent.
     */
    async changePassword(userId: number, input: ChangePasswordInput, sessionId: string): Promise<string> {
      const user = await requireUser(userId);
      await assertPassword(user, input.current_password, wrongCurrentPassword);
      const now = clock.now();
      const passwordHash = await hashPassword(input.new_password, hashCost);
      const outcome = await db.transaction().execute(async (trx) => {
        const bumped = await endOtherSessionsIn(trx, userId, sessionId, now, {
          password_hash: passwordHash,
          password_changed_at: now,
          updated_at: now,
        });
        if (bumped === undefined) return undefined;
        const notices = await recordSecurityEvent(trx, userId, 'password_changed', {}, now);
        return { version: bumped, notices };
      });
      if (outcome === undefined) throw unauthorized();
      await endedSessions(userId);
      await announceSecurityNotices(events, outcome.notices);
      // Every other token ends, even one issued in this same second; this session goes on.
      return auth.issueToken(userId, outcome.version, sessionId);
    },

    /** Ends this session only (this device): the account's other sessions keep working. */
    async logout(userId: number, sessionId: string): Promise<void> {
      await usersRepository.endSession(db, userId, sessionId, clock.now());
      // Also when a concurrent logout of the same session ended it first: the answer is the same.
      await endedSessions(userId);
    },

    endAllSessions,
    endAllSessionsIn,
    endOtherSessionsIn,

    /** The user's own "log out everywhere": every session ends and a security notice is mailed. */
    logoutEverywhere: (userId: number) => endAllSessions(userId, securityNotice.sessionsEnded(userId)),
    endedSessions,

    /** A new session for an account that just proved who it is some other way than login. */
    async startSession(userId: number, userAgent?: string | null): Promise<{ jwt_token: string }> {
      const user = await requireUser(userId);
      return { jwt_token: await openSession(user.id, user.token_version, userAgent) };
    },

    async getPublicProfile(username: string): Promise<PublicProfile> {
      const user = await usersRepository.findByUsername(db, username);
      if (!user) throw notFound('USER_NOT_FOUND', userMessages.userNotFound);
      return this.toPublicProfile(user);
    },

    async getPublicProfileById(id: number): Promise<PublicProfile> {
      const user = await usersRepository.findById(db, id);
      if (!user) throw notFound('USER_NOT_FOUND', userMessages.userNotFound);
      return this.toPublicProfile(user);
    },

    async toPublicProfile(user: User): Promise<PublicProfile> {
      const [stats, rating, reputation, followers] = await Promise.all([
        findUserStats(db, user.id),
        sellerRatingSummary(db, user.id),
        sellerReputation(ctx, user.id),
        followersCount(db, user.id),
      ]);
      return {
        id: user.id,
        username: user.username,
        address: user.address || 'Colombia',
        bio: user.bio,
        avatar: user.avatar,
        is_seller: user.is_seller,
        created_at: user.created_at.toISOString(),
        stats: {
          active_auctions: stats.active_auctions,
          products_sold: stats.products_sold,
          products_listed: stats.products_listed,
          auctions_won: stats.auctions_won,
          total_bids: stats.total_bids,
        },
        rating_average: rating.rating_average,
        rating_count: rating.rating_count,
        reputation,
        followers_count: followers,
        ...vacationOf(user, clock.now()),
      };
    },

    /** Used by the demo seed (the users:create command calls `createAccount` itself). */
    createUser: (input: NewAccount) => createAccount(db, input, { hashCost, now: clock.now() }),

    async setSeller(email: string, isSeller: boolean) {
      const user = await usersRepository.findByEmail(db, email);
      if (!user) throw notFound('USER_NOT_FOUND', `No existe un usuario con el correo ${email}`);
      await usersRepository.update(db, user.id, { is_seller: isSeller, updated_at: clock.now() });
    },

    requireUser,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
