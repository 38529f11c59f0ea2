import { SignJWT } from 'jose';

const JWT_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');

/** Signs a token as the server does, with a chosen issue time and version claim. */
export function signToken(userId: number, iat: number, claims: Record<string, unknown>) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(JWT_SECRET);
}
