import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  // Two full-cost scrypt runs take a second or more of CPU on a busy 2-core machine (the unit
  // suite runs two files at once): more than the default 5 s once a run is slow. A wrong password
  // is refused at the lower cost below.
  it(
    "are scrypt at OWASP's baseline (N=2^17, r=8, p=1) unless a cost is given",
    { timeout: 30_000 },
    async () => {
      expect(DEFAULT_PASSWORD_HASH_COST).toBe(17);
      const stored = await hashPassword('Secreta123!');
      expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
      expect(await verifyPassword('Secreta123!', stored)).toBe(true);
    },
  );

  it('keep their own parameters: a hash made at another cost still verifies', async () => {
    const cheap = await hashPassword('Secreta123!', 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Secreta123!', cheap)).toBe(true);
    expect(await verifyPassword('secreta123!', cheap)).toBe(false);
  });

  it('compare the NFKC form, so the same password typed on another keyboard matches', async () => {
    const stored = await hashPassword('Contrase\u00f1a1', 10);
    expect(await verifyPassword('Contrasen\u0303a1', stored)).toBe(true);
  });

  it('the stand-in for unknown accounts is made at the cost asked for, once', async () => {
    const first = dummyPasswordHash(11);
    expect(dummyPasswordHash(11)).toBe(first);
    expect(await first).toMatch(/^scrypt\$2048\$/);
    expect(await verifyPassword('cualquiera', 'deleted$abc')).toBe(false);
  });
});
