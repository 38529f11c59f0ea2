import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Bold's webhook signature, as its developer documentation ("Webhook" → "Verifica el origen de
 * los eventos recibidos", developers.bold.co/webhook) describes it:
 *   1. encode the received body, exactly as received, in Base64;
 *   2. HMAC-SHA256 that Base64 text with the secret key ("llave secreta" of the integration keys),
 *      written in hexadecimal;
 *   3. compare it with the `x-bold-signature` header.
 * In Bold's test mode the secret key is the empty string. The text signed is the Base64 of the
 * raw body (not the body itself), so the body must never be re-serialized before checking.
 */
export function boldSignature(rawBody: Buffer | string, secretKey: string): string {
  const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return createHmac('sha256', secretKey).update(bytes.toString('base64')).digest('hex');
}

/** Constant-time check of an `x-bold-signature` header against the raw body. */
export function verifyBoldSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secretKey: string,
): boolean {
  if (!header) return false;
  const received = header.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(received)) return false;
  const expected = boldSignature(rawBody, secretKey);
  return timingSafeEqual(Buffer.from(received, 'hex'), Buffer.from(expected, 'hex'));
}
