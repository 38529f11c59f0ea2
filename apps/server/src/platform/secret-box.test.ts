import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('a-server-secret-long-enough', 'totp');

  it('opens what it sealed, and the sealed text holds no trace of the secret', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses a tampered text, another server secret and another purpose', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    parts[3] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox('another-server-secret', 'totp').open(sealed)).toThrow();
    expect(() => createSecretBox('a-server-secret-long-enough', 'other').open(sealed)).toThrow();
  });
});
