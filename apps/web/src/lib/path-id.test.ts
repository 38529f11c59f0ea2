import { describe, expect, it } from 'vitest';
import { pathId } from './path-id.ts';

describe('pathId', () => {
  it('reads a positive integer segment and refuses anything else', () => {
    expect(pathId('14')).toBe(14);
    expect(pathId('0000000007')).toBe(7);
    for (const segment of [undefined, '', '0', 'abc', '1e3', '-1', '12a', '12345678901']) {
      expect(pathId(segment), String(segment)).toBeNull();
    }
  });
});
