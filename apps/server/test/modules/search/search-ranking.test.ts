import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSearch } from '../../../src/modules/search/search.matching.ts';
import { searchRepository } from '../../../src/modules/search/search.repository.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertAuction } from '../../factories/search.ts';
import { insertUser } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/**
 * The search ranks the newest products and auctions first and reads older ones only when they
 * can still outrank those (search.ranking.ts). With windows of a few rows, these answers must
 * equal the ones of a window holding everything (every match ranked).
 */
let t: TestApp;
const products: Record<string, number> = {};
const auctions: Record<string, number> = {};
const EVERYTHING = 1_000_000;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.ctx.db;
  const seller = await insertUser(db, { username: 'vendedor_peonzas', is_seller: true });
  // Oldest first: the best names are the oldest rows, the newest only mention the words.
  const rows: [string, string, string, ('available' | 'sold')?][] = [
    ['whole', 'Peonza zafiro gigante', 'nada'],
    ['three', 'Peonza gigante de zafiro', 'nada'],
    ['sold', 'Peonza zafiro gigante', 'nada', 'sold'],
    ['two', 'Peonza zafiro', 'tamaño gigante'],
    ['one', 'Peonza roja', 'de zafiro, gigante'],
    ['twoNewer', 'Peonza de zafiro', 'muy gigante'],
  ];
  for (const [key, name, description, status] of rows)
    products[key] = (
      await insertProduct(db, seller.id, { name, description, status: status ?? 'available' })
    ).id;
  for (let i = 0; i < 6; i += 1)
    products[`plain${i}`] = (
      await insertProduct(db, seller.id, { name: `Juguete ${i}`, description: 'peonza de zafiro gigante' })
    ).id;
  for (const [key, title] of [
    ['whole', 'Peonzas zafiro'],
    ['ended', 'Peonzas zafiro y más'],
    ['apart', 'Peonzas de zafiro'],
    ['apartNewer', 'Peonzas, zafiro'],
  ] as const)
    auctions[key] = (
      await insertAuction(db, seller.id, { title, ...(key === 'ended' ? { status: 'ended' as const } : {}) })
    ).id;
  for (let i = 0; i < 4; i += 1)
    auctions[`plain${i}`] = (await insertAuction(db, seller.id, { title: `Zafiro y peonzas ${i}` })).id;
});

afterAll(async () => {
  await t?.close();
});

const findProducts = async (term: string, limit: number, recent: number) =>
  (await searchRepository.findProducts(t.ctx.db, await prepareSearch(t.ctx.db, term), limit, recent)).map(
    (p) => p.id,
  );
const findAuctions = async (term: string, limit: number, recent: number) =>
  (
    await searchRepository.findAuctions(
      t.ctx.db,
      await prepareSearch(t.ctx.db, term),
      t.ctx.clock.now(),
      limit,
      recent,
    )
  ).map((a) => a.id);

describe('search ranking from the newest rows', () => {
  it('finds older products that outrank every newer one, in the order of a full ranking', async () => {
    const p = products;
    // Whole term in the name, then three, two and one of its words, then the newest mentions.
    const expected = [p.whole, p.three, p.twoNewer, p.two, p.one, p.plain5, p.plain4, p.plain3, p.plain2];
    expect(await findProducts('peonza zafiro gigante', 9, EVERYTHING)).toEqual(expected);
    // The six newest are plain mentions: the named ones are found past them.
    expect(await findProducts('peonza zafiro gigante', 3, 6)).toEqual(expected.slice(0, 3));
  });

  it.each([
    'peonza zafiro gigante',
    'peonza zafiro',
    'zafiro',
    'peonza gigante',
    'gigante zafiro peonza',
    'zafiro de',
    'peonzas zafiro',
    'zafiro y peonzas',
    'peonzas',
  ])('%j: every window and limit gives the full ranking', async (term) => {
    for (const limit of [1, 2, 3, 5, 20]) {
      const products = await findProducts(term, limit, EVERYTHING);
      const auctions = await findAuctions(term, limit, EVERYTHING);
      for (const recent of [1, 2, 3, 6, 8]) {
        expect(await findProducts(term, limit, recent), `products, limit ${limit}, window ${recent}`).toEqual(
          products,
        );
        expect(await findAuctions(term, limit, recent), `auctions, limit ${limit}, window ${recent}`).toEqual(
          auctions,
        );
      }
    }
  });

  it('finds an older auction whose title holds the whole term past newer ones, and no ended one', async () => {
    expect(await findAuctions('peonzas zafiro', 2, 2)).toEqual([auctions.whole, auctions.plain3]);
  });
});
