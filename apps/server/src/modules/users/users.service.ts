import {
  adminMessages,
  type ChangePasswordInput,
  EmailSchema,
  LOGIN_LOCKOUT_MINUTES,
  type LoginChallenge,
  type LoginInput,
  type ProfileUpdateInput,
  type UserProfile,
  userMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, fieldError, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { recordClientAddress } from '../trust/client-addresses.service.ts';
import { openLoginChallenge, twoFactorEnabled } from './second-factors.service.ts';
import { announceSecurityNotices, recordSecurityEvent } from './security-notices.service.ts';
import { createUserProfiles } from './user-profiles.ts';
import { createUserSessions } from './user-sessions.ts';
import { type UserRow, usersRepository } from './users.repository.ts';

const LOGIN_WINDOW_MS = LOGIN_LOCKOUT_MINUTES * 60 * 1000;
/** Failures on one account from one client address: a stranger elsewhere cannot lock the owner out. */
const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
/** Failures from one client address on any accounts (looser: offices and phones share addresses). */
const MAX_FAILURES_PER_ADDRESS = 50;

type User = NonNullable<UserRow>;

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

/**
 * Makes an account: registration is closed, so the users:create command and the seed do.
 * `passwordHash`: a hash of `input.password` at `hashCost` made ahead (the seed makes its
 * accounts' hashes while the database is busy with other work).
 */
export async function createAccount(
  db: Database,
  input: NewAccount,
  options: { hashCost: number; now: Date; passwordHash?: Promise<string> },
) {
  return usersRepository.insert(db, {
    email: EmailSchema.parse(input.email),
    username: input.username,
    password_hash: await (options.passwordHash ?? hashPassword(input.password, options.hashCost)),
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

  const { openSession, ...sessions } = createUserSessions(ctx);
  const { endOtherSessionsIn, endedSessions } = sessions;
  const { toProfile, ...profiles } = createUserProfiles(ctx);

  /** 400 (a 401 would log the user out) unless `password` is the account's current one. */
  async function assertPassword(user: User, password: string, refusal: () => AppError): Promise<void> {
    if (!(await verifyPassword(password, user.password_hash))) throw refusal();
  }

  const wrongCurrentPassword = () =>
    fieldError('WRONG_CURRENT_PASSWORD', 'current_password', userMessages.wrongCurrentPassword);

  return {
    /**
     * Checks the password with per-account and per-address throttling. The address's attempts are
     * counted and this one recorded under a lock on the address, so guesses sent all at once are
     * judged one after another: only those with fewer than the limit before them get checked.
     */
    async login(
      input: LoginInput,
      ip: string,
      userAgent?: string | null,
    ): Promise<{ jwt_token: string } | LoginChallenge> {
      const now = clock.now();
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const admitted = await db.transaction().execute(async (trx) => {
        await usersRepository.lockLoginAddress(trx, ip);
        const failures = await usersRepository.failedLoginCounts(trx, since, input.email, ip);
        // A refused attempt is not recorded: the block ends when the window of the failures passes.
        if (
          failures.account >= MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS ||
          failures.address >= MAX_FAILURES_PER_ADDRESS
        )
          return false;
        await usersRepository.recordFailedLogin(trx, input.email, ip, now);
        return true;
      });
      if (!admitted) throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', 429, userMessages.tooManyAttempts);
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

    ...sessions,

    /** A new session for an account that just proved who it is some other way than login. */
    async startSession(userId: number, userAgent?: string | null): Promise<{ jwt_token: string }> {
      const user = await requireUser(userId);
      return { jwt_token: await openSession(user.id, user.token_version, userAgent) };
    },

    ...profiles,

    /** Used by the demo seed (the users:create command calls `createAccount` itself). */
    createUser: (input: NewAccount, passwordHash?: Promise<string>) =>
      createAccount(db, input, { hashCost, now: clock.now(), passwordHash }),

    async setSeller(email: string, isSeller: boolean) {
      const user = await usersRepository.findByEmail(db, email);
      if (!user) throw notFound('USER_NOT_FOUND', `No existe un usuario con el correo ${email}`);
      await usersRepository.update(db, user.id, { is_seller: isSeller, updated_at: clock.now() });
    },

    requireUser,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
