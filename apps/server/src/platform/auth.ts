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
  /** The user id in a valid token, or null for a missing, forged or expired one. */
  verifyToken(token: string): Promise<number | null>;
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
 * token ids because verification already reads this row (no extra lookup per request, no table to
 * prune, nothing to forget across processes), and because an exact counter does not suffer from
 * the whole-second `iat` of a JWT: a token issued in the same second as a password change is still
 * told apart. The price is that logout cannot end one device only; the app says so.
 */
export type SessionInfo = { token_version: number } | undefined;

export function createAuth(
  secretText: string,
  clock: Clock,
  findSession: (id: number) => Promise<SessionInfo>,
): Auth {
  const secret = new TextEncoder().encode(secretText);

  async function verifyToken(token: string): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        currentDate: clock.now(),
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || id <= 0) return null;
      const session = await findSession(id);
      if (!session) return null;
      // Tokens from before the version existed carry none: version 0.
      const version = payload.ver ?? 0;
      if (version !== session.token_version) return null;
      return id;
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
