import { describe, expect, it } from 'vitest';
import { moved, photosForCreate } from './photo-files.ts';

describe('photosForCreate', () => {
  const MB = 1024 * 1024;
  const photo = (mb: number) => 'x'.repeat(Math.round(mb * MB));

  it.each([
    ['small photos all go with the product', [0.5, 0.5, 0.5], 3],
    ['the cover always goes, however large', [6.7, 0.5], 1],
    ['the ones past the 7 MB budget follow one by one', [3, 3, 3, 0.1], 2],
    ['no photos, none', [], 0],
  ])('%s', (_name, sizes, expected) => {
    expect(photosForCreate(sizes.map(photo))).toBe(expected);
  });
});

describe('moved', () => {
  it('moves an item forward, back and to the front, leaving the input alone', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moved(items, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moved(items, 3, 2)).toEqual(['a', 'b', 'd', 'c']);
    expect(moved(items, 2, 0)).toEqual(['c', 'a', 'b', 'd']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
