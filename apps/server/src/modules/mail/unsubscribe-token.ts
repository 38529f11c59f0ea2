import { createHmac, timingSafeEqual } from 'node:crypto';
import { type EmailPreferenceType, emailPreferenceTypes } from '@app/contracts';

/**
 * One-click unsubscribe tokens: `<user id>.<type>.<signature>`, the signature an HMAC-SHA256 of
 * the user and the type under a key derived from the server's secret, so a token turns off only
 * that type for only that user and cannot be made or altered without the secret. No expiry: an
 * old e-mail's link must keep working (RFC 8058 asks the link to work without a login).
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('mail-unsubscribe').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(userId: number, type: EmailPreferenceType): string {
      const payload = `${userId}.${type}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The user and type of a genuine token, or null for anything else. */
    verify(token: string): { userId: number; type: EmailPreferenceType } | null {
      const match = /^([1-9]\d{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, type, signature] = match;
      if (!(emailPreferenceTypes as readonly string[]).includes(type!)) return null;
      const expected = Buffer.from(sign(`${id}.${type}`));
      const given = Buffer.from(signature!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId: Number(id), type: type as EmailPreferenceType };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
