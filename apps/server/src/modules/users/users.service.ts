import {
  adminMessages,
  type ChangePasswordInput,
  EmailSchema,
  type LoginInput,
  type ProfileUpdateInput,
  type PublicProfile,
  type UserProfile,
  userMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { channels, SESSIONS_ENDED } from '../../platform/events.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { sellerRatingSummary } from '../ratings/ratings.service.ts';
import { findUserStats } from './user-stats.repository.ts';
import { type UserRow, usersRepository } from './users.repository.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;

type User = NonNullable<UserRow>;

export function createUsersService(ctx: AppContext) {
  const { db, clock, auth, events } = ctx;

  async function requireUser(userId: number): Promise<User> {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  /**
   * The account's tokens were just ended: this process stops trusting its cached version at
   * once, the other processes when the event reaches them, and open sockets of the user check
   * their token again (and close if it was ended).
   */
  async function endedSessions(userId: number) {
    auth.forgetSessions(userId);
    const announce = async () => {
      await events.publish(channels.sessionsEnded, { user_id: userId });
      await events.publish(channels.userNotifications(userId), { message: SESSIONS_ENDED });
    };
    await announce().catch((err) => {
      // The tokens are ended already; another process trusts its cached version a few seconds
      // longer, and a socket missing this stays open until it reconnects.
      ctx.log.warn({ err }, 'could not announce ended sessions');
    });
  }

  async function toProfile(user: User): Promise<UserProfile> {
    const stats = await findUserStats(db, user.id);
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
      created_at: user.created_at.toISOString(),
      activeListings: stats.active_listings,
      totalSales: stats.products_sold,
    };
  }

  return {
    /**
     * Checks the password with per-account and per-address throttling (CONTRACT section 2). The
     * attempt is recorded before the password is checked, so guesses sent all at once cannot all
     * slip past the count: only those with fewer than the limit before them get checked.
     */
    async login(input: LoginInput, ip: string): Promise<{ jwt_token: string }> {
      const now = clock.now();
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const attemptId = await usersRepository.recordFailedLogin(db, input.email, ip, now);
      const [accountAttempts, addressAttempts] = await Promise.all([
        usersRepository.countFailedLogins(db, since, { email: input.email }, attemptId),
        usersRepository.countFailedLogins(db, since, { ip }, attemptId),
      ]);
      if (accountAttempts > MAX_FAILURES_PER_ACCOUNT || addressAttempts > MAX_FAILURES_PER_ADDRESS) {
        // A refused attempt does not count: the block ends when the window of the failures passes.
        await usersRepository.deleteLoginAttempt(db, attemptId);
        throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', 429, userMessages.tooManyAttempts);
      }
      const user = await usersRepository.findByEmail(db, input.email);
      const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        throw new AppError('BAD_CREDENTIALS', 401, userMessages.badCredentials);
      }
      // Only after the password: the answer must not tell a stranger the account exists.
      if (user.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
      await usersRepository.clearFailedLogins(db, input.email);
      await usersRepository.pruneFailedLogins(db, since);
      return { jwt_token: await auth.issueToken(user.id, user.token_version) };
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

    /** A wrong current password is a 400, not a 401: a 401 would log the user out. */
    /** 400 with the spec's message unless `password` is the user's current one. */
    async assertCurrentPassword(userId: number, password: string): Promise<void> {
      const user = await requireUser(userId);
      if (!(await verifyPassword(password, user.password_hash))) {
        throw badRequest('WRONG_CURRENT_PASSWORD', userMessages.wrongCurrentPassword);
      }
    },

    async changePassword(userId: number, input: ChangePasswordInput): Promise<string> {
      const user = await requireUser(userId);
      if (!(await verifyPassword(input.current_password, user.password_hash))) {
        throw badRequest('WRONG_CURRENT_PASSWORD', userMessages.wrongCurrentPassword);
      }
      const now = clock.now();
      const version = await usersRepository.bumpTokenVersion(db, userId, {
        password_hash: await hashPassword(input.new_password),
        password_changed_at: now,
        updated_at: now,
      });
      if (version === undefined) throw unauthorized();
      await endedSessions(userId);
      // Every earlier session ends, even one opened in this same second; this one goes on with a
      // fresh token.
      return auth.issueToken(userId, version);
    },

    /** Ends every session of the account (every device): all its tokens get 401 from now on. */
    async logout(userId: number): Promise<void> {
      if ((await usersRepository.bumpTokenVersion(db, userId)) === undefined) throw unauthorized();
      await endedSessions(userId);
    },

    /**
     * Ends every session of the account on every device (operators suspending it): its tokens
     * get 401 and its open sockets close.
     */
    async endAllSessions(userId: number): Promise<void> {
      if ((await usersRepository.bumpTokenVersion(db, userId)) === undefined) throw unauthorized();
      await endedSessions(userId);
    },

    /** Whether the account runs the marketplace, read afresh (a role taken away counts at once). */
    async isOperator(userId: number): Promise<boolean> {
      const user = await usersRepository.findById(db, userId);
      return user?.is_operator === true;
    },

    /** 403 for a suspended account: it may not bid, buy, ask or pay. */
    async assertActive(userId: number): Promise<void> {
      const user = await usersRepository.findById(db, userId);
      if (user?.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
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
      const [stats, rating] = await Promise.all([
        findUserStats(db, user.id),
        sellerRatingSummary(db, user.id),
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
      };
    },

    /** Used by the users:create command and the demo seed. */
    async createUser(input: { email: string; username: string; password: string; isSeller?: boolean }) {
      const email = EmailSchema.parse(input.email);
      const now = clock.now();
      return usersRepository.insert(db, {
        email,
        username: input.username,
        password_hash: await hashPassword(input.password),
        is_seller: input.isSeller ?? false,
        created_at: now,
        updated_at: now,
      });
    },

    async setSeller(email: string, isSeller: boolean) {
      const user = await usersRepository.findByEmail(db, email);
      if (!user) throw notFound('USER_NOT_FOUND', `No existe un usuario con el correo ${email}`);
      await usersRepository.update(db, user.id, { is_seller: isSeller, updated_at: clock.now() });
    },

    requireUser,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
