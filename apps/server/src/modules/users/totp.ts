import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step of drift either way: a phone's clock a little off, or a code typed as it changed. */
const DRIFT_STEPS = 1;
const ISSUER = 'Coleccionables';

const RECOVERY_CODE_COUNT = 10;

function totpFor(secretBase32: string, label = '') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (base32) and the otpauth URL an app scans. */
export function newTotpSecret(accountLabel: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpFor(secret, accountLabel).toString() };
}

/** The 30-second step the code belongs to at `now` (±1), or null when it is not a code of the secret. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** What a person typed, as compared: spaces and dashes dropped, lower case. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

// No 0/o, 1/l/i: a code copied from paper is read back without doubt.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qrt` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are stored as this hash of their normalized form. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeCode(code)).digest('hex');
}

/** Tokens (challenges) are stored as this hash: the database alone cannot complete a login. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
