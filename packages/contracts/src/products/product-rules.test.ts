import { describe, expect, it } from 'vitest';
import {
  base64DecodedBytes,
  dataUrlType,
  normalizeImageType,
  parseIdList,
  parseTags,
  productMetaDescription,
  requiresScale,
} from './product-rules.ts';

describe('requiresScale', () => {
  it.each([
    ['Autos die-cast', true],
    ['Cartas coleccionables', false],
    ['Figuras de vinilo', false],
    [null, false],
  ])('%s → %s', (name, expected) => expect(requiresScale(name)).toBe(expected));
});

describe('parseTags', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['', []],
    ['a', ['a']],
    [' a , ,b,, c , d ', ['a', 'b', 'c']],
    [',,,', []],
  ])('%j → %j', (tags, expected) => expect(parseTags(tags)).toEqual(expected));

  it('honours a larger limit', () => expect(parseTags('a,b,c,d', 10)).toEqual(['a', 'b', 'c', 'd']));
});

describe('productMetaDescription', () => {
  it('cuts the description to 150 characters and appends the reserve price', () => {
    expect(productMetaDescription('x'.repeat(200), 150000)).toBe(`${'x'.repeat(150)} - Precio: $150000`);
  });
  it('uses the default text without a description', () => {
    expect(productMetaDescription('  ', 0)).toBe('Coleccionable exclusivo - Precio: $0');
    expect(productMetaDescription(null, 10)).toBe('Coleccionable exclusivo - Precio: $10');
  });
});

describe('data URLs', () => {
  it.each<[string, string | null]>([
    ['data:image/png;base64,AAAA', 'image/png'],
    ['data:IMAGE/JPEG;base64,AAAA', 'image/jpeg'],
    ['data:image/svg+xml;base64,AAAA', 'image/svg+xml'],
    ['data:image/png;name=a.png;base64,AAAA', 'image/png'],
    ['data:image/png,AAAA', null],
    ['image/png;base64,AAAA', null],
    ['', null],
  ])('type of %s is %s', (url, expected) => expect(dataUrlType(url)).toBe(expected));

  it.each<[string, string | null]>([
    ['image/jpg', 'image/jpeg'],
    ['image/png', 'image/png'],
    ['image/webp', 'image/webp'],
    ['image/gif', 'image/gif'],
    ['image/svg+xml', null],
    ['image/bmp', null],
  ])('normalizes %s', (type, expected) => expect(normalizeImageType(type)).toBe(expected));

  it.each([
    ['', 0],
    ['AAAA', 3],
    ['AAA=', 2],
    ['AA==', 1],
    [Buffer.from('hola mundo').toString('base64'), 10],
  ])('decoded size of %s is %i', (b64, n) => expect(base64DecodedBytes(b64)).toBe(n));
});

describe('parseIdList', () => {
  it.each<[string, number[] | null]>([
    ['1,2,3', [1, 2, 3]],
    [' 4 , 5 ,', [4, 5]],
    ['7,7,8', [7, 8]],
    ['', null],
    [',', null],
    ['1,a', null],
    ['-1', null],
    ['0', null],
    ['1.5', null],
    ['99999999999', null],
    [Array.from({ length: 100 }, (_, i) => i + 1).join(','), Array.from({ length: 100 }, (_, i) => i + 1)],
    [Array.from({ length: 101 }, (_, i) => i + 1).join(','), null],
  ])('%s', (text, expected) => expect(parseIdList(text)).toEqual(expected));
});
