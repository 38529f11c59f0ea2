import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * OWASP's scrypt baseline: N=2^17, r=8, p=1 (about 128 MiB and ~0.2 s of CPU per hash). The
 * configuration (PASSWORD_HASH_COST, log2 of N) may raise it; only outside production may it lower
 * it, which the test suites do: they create and log in hundreds of accounts.
 */
export const DEFAULT_PASSWORD_HASH_COST = 17;
const BLOCK = { r: 8, p: 1 };
// Room for N up to 2^20 (128 * r * N bytes = 1 GiB) and the library's own overhead.
const MAX_MEMORY = 1.25 * 1024 * 1024 * 1024;
const KEY_LENGTH = 32;

/** "scrypt$N$r$p$salt$hash" so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(
  password: string,
  cost: number = DEFAULT_PASSWORD_HASH_COST,
): Promise<string> {
  const params = { N: 2 ** cost, ...BLOCK };
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(key, expected);
}

// A real hash to compare against when the email is unknown, so timing does not reveal accounts:
// made at the cost new passwords get, so both answers take as long.
const dummyHashes = new Map<number, Promise<string>>();
export function dummyPasswordHash(cost: number = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(12).toString('hex'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/**
 * What a deleted account's password hash starts with: random bytes behind it, no scrypt hash, so
 * no password ever matches, and queries can tell an erased account from a living one.
 */
export const ERASED_HASH_PREFIX = 'deleted$';

export function erasedPasswordHash(): string {
  return `${ERASED_HASH_PREFIX}${randomBytes(24).toString('base64')}`;
}
