import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';
import { unauthorized } from './errors.ts';

const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export interface Auth {
  /** A token for the account at its current token version (see SessionInfo). */
  issueToken(userId: number, tokenVersion: number): Promise<string>;
  /**
   * The user id in a valid token, or null for a missing, forged, expired or ended one. `fresh`
   * reads the account's token version from the database instead of the short cache.
   */
  verifyToken(token: string, options?: { fresh?: boolean }): Promise<number | null>;
  /** Drops the cached token version of an account whose sessions were just ended. */
  forgetSessions(userId: number): void;
  /** onRequest: 401 unless the request carries a valid bearer token (before the body is read). */
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** onRequest: reads the token when present, never rejects (public routes that personalise). */
  optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | null;
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

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The account behind a token: missing means the token is refused.
 *
 * Ending sessions: every token carries the account's `token_version` at issue time, and a token
 * opens the account only while the two match. Logging out and changing the password bump the
 * version, which ends every token of the account at once (all devices). Chosen over a denylist of
 * token ids because the version is one small row per account that every process can cache for a
 * few seconds (no query per request, no table to prune), and because an exact counter does not
 * suffer from the whole-second `iat` of a JWT: a token issued in the same second as a password
 * change is still told apart. The price is that logout cannot end one device only; the app says so.
 */
export type SessionInfo = { token_version: number } | undefined;

/**
 * How long a process trusts an account's token version without reading it again. Ending
 * sessions drops the entry at once in the process that ended them and, through the event bus,
 * in every other process; this bound only matters while the bus is away.
 */
export const SESSION_CACHE_MS = 10_000;
/** Entries kept at most; the oldest go first (one entry per recently active account). */
const SESSION_CACHE_MAX = 100_000;
/** Verified tokens kept at most; the oldest go first (one per recently active device). */
const VERIFIED_TOKENS_MAX = 100_000;

export function createAuth(
  secretText: string,
  clock: Clock,
  findSession: (id: number) => Promise<SessionInfo>,
  cacheMs = SESSION_CACHE_MS,
): Auth {
  const secret = new TextEncoder().encode(secretText);
  // Monotonic time, not the test clock: moving the test clock must not keep entries alive.
  const sessions = new Map<number, { version: number; until: number }>();

  async function sessionVersion(id: number, fresh: boolean): Promise<number | null> {
    const now = performance.now();
    const cached = fresh ? undefined : sessions.get(id);
    if (cached && cached.until > now) return cached.version;
    const session = await findSession(id);
    sessions.delete(id);
    if (!session) return null;
    if (cacheMs > 0) {
      if (sessions.size >= SESSION_CACHE_MAX) sessions.delete(sessions.keys().next().value!);
      sessions.set(id, { version: session.token_version, until: now + cacheMs });
    }
    return session.token_version;
  }

  // Tokens whose signature was checked: a repeat request costs a lookup instead of an HMAC
  // through WebCrypto (a tenth of a small answer's time). Expiry and the account's token version
  // are still checked on every request.
  const verified = new Map<string, { id: number; version: unknown; expiresAt: number }>();

  async function claimsOf(token: string) {
    const cached = verified.get(token);
    if (cached && cached.expiresAt > clock.now().getTime()) return cached;
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: clock.now() });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0) return null;
    // Tokens from before the version existed carry none: version 0.
    const claims = { id, version: payload.ver ?? 0, expiresAt: (payload.exp ?? 0) * 1000 };
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  }

  async function verifyToken(token: string, options: { fresh?: boolean } = {}): Promise<number | null> {
    try {
      const claims = await claimsOf(token);
      if (!claims) return null;
      const current = await sessionVersion(claims.id, options.fresh ?? false);
      if (current === null || claims.version !== current) return null;
      return claims.id;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  return {
    async issueToken(userId, tokenVersion) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
        .sign(secret);
    },
    verifyToken,
    forgetSessions(userId) {
      sessions.delete(userId);
    },
    async requireUser(request) {
      const token = bearerToken(request);
      const userId = token ? await verifyToken(token) : null;
      if (!userId) throw unauthorized();
      request.userId = userId;
    },
    async optionalUser(request) {
      const token = bearerToken(request);
      request.userId = token ? await verifyToken(token) : null;
    },
  };
}
