import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';
import { unauthorized } from './errors.ts';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export interface Auth {
  /**
   * A token for one session (a login on one device) of the account, at the account's current
   * token version (see SessionInfo).
   */
  issueToken(userId: number, tokenVersion: number, sessionId: string): Promise<string>;
  /**
   * The user id in a valid token, or null for a missing, forged, expired or ended one. `fresh`
   * reads the session from the database instead of the short cache.
   */
  verifyToken(token: string, options?: { fresh?: boolean }): Promise<number | null>;
  /** Like verifyToken, with the session the token belongs to. */
  verifySession(token: string, options?: { fresh?: boolean }): Promise<VerifiedSession | null>;
  /** Drops what this process cached about an account's sessions: one or all of them just ended. */
  forgetSessions(userId: number): void;
  /** onRequest: 401 unless the request carries a valid bearer token (before the body is read). */
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** onRequest: reads the token when present, never rejects (public routes that personalise). */
  optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

interface VerifiedSession {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | null;
    /** The session (one login on one device) of the request's token, when it carries a valid one. */
    sessionId: string | null;
  }
}

/** JWT_SECRET, or one generated once into DATA_DIR so tokens survive restarts. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * What the database says about one session of an account: missing means the account is gone.
 *
 * Ending sessions: each login is a session row with a random id, and its token carries that id
 * (`sid`) and the account's `token_version` at issue time. A token opens the account only while
 * its session has not ended and the two versions match. Logging out ends the one session;
 * ending every session (logout everywhere, a password reset, suspension, deletion) bumps the
 * version, which ends every token of the account at once, whatever the session rows say. An exact
 * counter, not the whole-second `iat` of a JWT, so a token issued in the same second as a
 * password change is still told apart.
 *
 * A session row also records the version it belongs to (`session_version`); when it does, that,
 * not the token's claim, is compared with the account's. A change that ends every session but the
 * one that made it (a password or e-mail change) bumps the account's version and moves that one
 * row to the new version in the same transaction: its token keeps working, every other one (also a
 * login that read the version before the change and wrote its row after) is refused. Rows written
 * before sessions recorded their version compare the token's claim, as they always did.
 *
 * Tokens without a session id (issued before sessions existed) are refused: such a token could
 * not be logged out on its own without ending the account's other devices, and it is one more
 * login per device, once; the web app forgets a refused token and shows the login.
 */
export type SessionInfo =
  | { token_version: number; session_active: boolean; session_version?: number | null }
  | undefined;

/** What a process remembers of one session: open or not, and the version its row records. */
interface SessionSeen {
  active: boolean;
  sessionVersion: number | null;
}

/**
 * How long a process trusts what it read about an account's sessions without reading it again.
 * Ending sessions drops the account's entry at once in the process that ended them and, through
 * the event bus, in every other process; this bound only matters while the bus is away.
 */
const SESSION_CACHE_MS = 10_000;
/** Accounts kept at most; the oldest go first (one entry per recently active account). */
const SESSION_CACHE_MAX = 100_000;
/** Sessions kept per account entry; beyond, the entry starts over (an account with many devices). */
const SESSIONS_PER_ACCOUNT_MAX = 64;
/** Verified tokens kept at most; the oldest go first (one per recently active device). */
const VERIFIED_TOKENS_MAX = 100_000;

export function createAuth(
  secretText: string,
  clock: Clock,
  findSession: (userId: number, sessionId: string) => Promise<SessionInfo>,
  cacheMs = SESSION_CACHE_MS,
): Auth {
  const secret = new TextEncoder().encode(secretText);
  // Per account: its token version and whether each session seen is still open. Monotonic time,
  // not the test clock: moving the test clock must not keep entries alive.
  const accounts = new Map<number, { version: number; until: number; sessions: Map<string, SessionSeen> }>();
  // Moves on every forget: a read that was in flight when sessions ended may have read the row
  // before the change, so its answer is used once but not cached.
  let forgets = 0;

  async function sessionState(
    userId: number,
    sessionId: string,
    fresh: boolean,
  ): Promise<({ version: number } & SessionSeen) | null> {
    const now = performance.now();
    const cached = fresh ? undefined : accounts.get(userId);
    const seen = cached && cached.until > now ? cached.sessions.get(sessionId) : undefined;
    if (cached && seen !== undefined) return { version: cached.version, ...seen };
    const before = forgets;
    const info = await findSession(userId, sessionId);
    if (!info) {
      accounts.delete(userId);
      return null;
    }
    const seenNow: SessionSeen = {
      active: info.session_active,
      sessionVersion: info.session_version ?? null,
    };
    if (cacheMs > 0 && before === forgets) {
      const entry = accounts.get(userId);
      if (
        entry &&
        entry.until > now &&
        entry.version === info.token_version &&
        entry.sessions.size < SESSIONS_PER_ACCOUNT_MAX
      ) {
        entry.sessions.set(sessionId, seenNow);
      } else {
        accounts.delete(userId);
        if (accounts.size >= SESSION_CACHE_MAX) accounts.delete(accounts.keys().next().value!);
        accounts.set(userId, {
          version: info.token_version,
          until: now + cacheMs,
          sessions: new Map([[sessionId, seenNow]]),
        });
      }
    }
    return { version: info.token_version, ...seenNow };
  }

  // Tokens whose signature was checked: a repeat request costs a lookup instead of an HMAC
  // through WebCrypto (a tenth of a small answer's time). Expiry and the session are still
  // checked on every request.
  const verified = new Map<string, { id: number; sid: string; version: unknown; expiresAt: number }>();

  async function claimsOf(token: string) {
    const cached = verified.get(token);
    if (cached && cached.expiresAt > clock.now().getTime()) return cached;
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: clock.now() });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0) return null;
    if (typeof payload.sid !== 'string' || payload.sid.length === 0) return null;
    const claims = { id, sid: payload.sid, version: payload.ver, expiresAt: (payload.exp ?? 0) * 1000 };
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  }

  async function verifySession(
    token: string,
    options: { fresh?: boolean } = {},
  ): Promise<VerifiedSession | null> {
    try {
      const claims = await claimsOf(token);
      if (!claims) return null;
      const state = await sessionState(claims.id, claims.sid, options.fresh ?? false);
      if (!state || !state.active) return null;
      if ((state.sessionVersion ?? claims.version) !== state.version) return null;
      return { userId: claims.id, sessionId: claims.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  return {
    async issueToken(userId, tokenVersion, sessionId) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
        .sign(secret);
    },
    async verifyToken(token, options) {
      return (await verifySession(token, options))?.userId ?? null;
    },
    verifySession,
    forgetSessions(userId) {
      forgets += 1;
      accounts.delete(userId);
    },
    async requireUser(request) {
      // Already read for this request (the operator guard reads it before the route does).
      if (request.sessionId) return;
      const token = bearerToken(request);
      const session = token ? await verifySession(token) : null;
      if (!session) throw unauthorized();
      request.userId = session.userId;
      request.sessionId = session.sessionId;
    },
    async optionalUser(request) {
      const token = bearerToken(request);
      const session = token ? await verifySession(token) : null;
      request.userId = session?.userId ?? null;
      request.sessionId = session?.sessionId ?? null;
    },
  };
}
