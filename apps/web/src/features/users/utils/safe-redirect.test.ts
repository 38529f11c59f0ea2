import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath: only same-origin paths', () => {
  it.each([
    ['/profile', '/profile'],
    ['/auctions/products/12', '/auctions/products/12'],
    ['/search?query=hot%20wheels', '/search?query=hot%20wheels'],
    ['/products/sold/', '/products/sold/'],
    ['/notifications#top', '/notifications#top'],
  ])('%s is followed', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'profile',
    '//evil.example/x',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    ' /profile',
    '/pro\tfile',
    '/\nevil',
    '/login',
    '/login?redirect=/profile',
  ])('%s is refused', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
