import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

/** Invalidation by prefix only works if every key of a branch starts with the branch's key. */
function startsWith(key: readonly unknown[], prefix: readonly unknown[]) {
  return prefix.every((part, i) => key[i] === part);
}

describe('query keys', () => {
  it.each([
    [
      'auctions',
      queryKeys.auctions.all,
      [
        queryKeys.auctions.list('x'),
        queryKeys.auctions.ownList(''),
        queryKeys.auctions.productPage('3'),
        queryKeys.auctions.products('1'),
        queryKeys.auctions.bySeller(2),
        queryKeys.auctions.selectedProducts([1]),
      ],
    ],
    [
      'auction lists',
      queryKeys.auctions.lists,
      [queryKeys.auctions.list(''), queryKeys.auctions.list('ferrari')],
    ],
    ['own auctions', queryKeys.auctions.own, [queryKeys.auctions.ownList('x')]],
    [
      'notifications',
      queryKeys.notifications.all,
      [queryKeys.notifications.list(true), queryKeys.notifications.unreadCount],
    ],
    ['notification lists', queryKeys.notifications.lists, [queryKeys.notifications.list(false)]],
    [
      'products',
      queryKeys.products.all,
      [
        queryKeys.products.mine,
        queryKeys.products.detail(1),
        queryKeys.products.marketplace,
        queryKeys.products.buy(1),
        queryKeys.products.similar(1),
        queryKeys.products.byUser(1),
      ],
    ],
    [
      'users',
      queryKeys.users.all,
      [
        queryKeys.users.profile,
        queryKeys.users.sellerCheck,
        queryKeys.users.totals,
        queryKeys.users.publicProfile({ id: 1 }),
      ],
    ],
  ])('every %s key is under its branch', (_name, branch, keys) => {
    for (const key of keys) expect(startsWith(key, branch), JSON.stringify(key)).toBe(true);
  });

  it('keys that must not be reached by a branch are outside it', () => {
    expect(startsWith(queryKeys.auctions.ownList(''), queryKeys.auctions.lists)).toBe(false);
    expect(startsWith(queryKeys.notifications.unreadCount, queryKeys.notifications.lists)).toBe(false);
  });

  it('a seller is found by name whatever the case, so ratings share one key', () => {
    expect(queryKeys.ratings.seller('Ana', 1, 10)).toEqual(queryKeys.ratings.seller('ana', 1, 10));
  });
});
