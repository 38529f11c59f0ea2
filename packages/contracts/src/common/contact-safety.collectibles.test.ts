import { describe, expect, it } from 'vitest';
import { collectibleNames } from './contact-safety.collectibles.ts';
import { findContactData } from './contact-safety.ts';

describe('contact safety on real collectible names', () => {
  it('holds at least 200 different names', () => {
    expect(new Set(collectibleNames).size).toBeGreaterThanOrEqual(200);
  });

  it('refuses none of them (false-positive rate 0)', () => {
    const refused = collectibleNames
      .map((name) => [name, findContactData(name)] as const)
      .filter(([, kind]) => kind !== null);
    expect(refused).toEqual([]);
  });
});
