import type { BrowseKind } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingFilters } from '../../../src/modules/catalog/catalog.repository.ts';
import { facetCountsRepository } from '../../../src/modules/catalog/facet-counts.repository.ts';
import { createSearchService } from '../../../src/modules/search/search.service.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const HOUR = 3600_000;

/**
 * A term's browse counts come from the listed products' words (`catalog_listing_words`, kept by
 * the listing's trigger) found through the lexicon `catalog_words`. Here they are compared with
 * the same counts taken by testing the term on every listed row, and the words with the
 * listing's texts, through writes.
 */
describe('browse counts of a term from the listed words', () => {
  let t: TestApp;
  let sellerId: number;
  const search = () => createSearchService(t.ctx);

  async function filtersFor(term: string, kind: BrowseKind, min?: number, max?: number) {
    const match = await search().productTermMatch(term, 'l.search_text', 'w.word');
    return {
      kind,
      matches: match?.text,
      matchingWords: match?.words,
      minPrice: min,
      maxPrice: max,
    } satisfies ListingFilters;
  }

  /** The counts through the words, and the same counts testing the term on each listed row. */
  async function bothWays(term: string, kind: BrowseKind, min?: number, max?: number) {
    const filters = await filtersFor(term, kind, min, max);
    const now = t.ctx.clock.now();
    const sorted = (facets: Awaited<ReturnType<typeof facetCountsRepository.summary>>['facets']) =>
      [...facets].sort((a, b) => `${a.facet}${a.id}${a.value}`.localeCompare(`${b.facet}${b.id}${b.value}`));
    const byWords = await facetCountsRepository.summary(t.ctx.db, filters, now);
    const byRows = await facetCountsRepository.summary(
      t.ctx.db,
      { ...filters, matchingWords: undefined },
      now,
    );
    return {
      byWords: { total: byWords.total, facets: sorted(byWords.facets) },
      byRows: { total: byRows.total, facets: sorted(byRows.facets) },
    };
  }

  /** Every listed row's words, as `catalog_words_of` reads its text, with its keys. */
  async function wordsMatchListing() {
    const keys = sql`product_id, kind, category_id, brand_id, scale_id, condition, price_band`;
    const kept = await sql`select word, ${keys} from catalog_listing_words order by word, product_id`.execute(
      t.ctx.db,
    );
    const derived = await sql`select w as word, ${keys}
      from catalog_listing, unnest(catalog_words_of(search_text)) w order by w, product_id`.execute(t.ctx.db);
    expect(kept.rows).toEqual(derived.rows);
    const missing = await sql`select word from catalog_listing_words
      where word <> '' and word not in (select word from catalog_words)`.execute(t.ctx.db);
    expect(missing.rows).toEqual([]);
  }

  const listed = (name: string, pesos: number, extra: Record<string, unknown> = {}) =>
    insertProduct(t.ctx.db, sellerId, {
      name,
      status: 'available',
      can_be_bought: true,
      sell_price: pesos * 100,
      ...extra,
    });

  beforeAll(async () => {
    t = await startTestApp();
    sellerId = (await insertUserWithToken(t, { is_seller: true })).user.id;
    const long = `${'x'.repeat(70)}pokemon${'y'.repeat(10)}`;
    await listed('Pokémon Charizard', 100_000, { categoryName: 'Cartas coleccionables', condition: 'usado' });
    await listed('Pokemones raros', 120_000, { categoryName: 'Cartas coleccionables' });
    // Two words that both hold "pokemon": found once.
    await listed('Pokemon pokemones mixtos', 150_000, { categoryName: 'Cartas coleccionables' });
    // A word too long to be kept on its own: found through its whole text.
    await listed('Carta rara', 180_000, { categoryName: 'Cartas coleccionables', description: long });
    // Found by its words and marked for its long word too: found once.
    await listed('Pokémon con texto largo', 160_000, {
      categoryName: 'Cartas coleccionables',
      description: long,
    });
    await listed('Chevrolet Camaro 1969 rojo', 40_000, { condition: 'nuevo_en_caja' });
    await listed('Camaro azul', 25_000);
    await listed('Mustang rojo', 30_000);
    const now = t.ctx.clock.now();
    await insertAuction(t.ctx.db, sellerId, {
      now,
      productCount: 2,
      product: { name: 'Camaro de subasta', base_price: 90_000_00 },
    });
    // Past its end, not closed yet: listed, not buyable.
    await insertAuction(t.ctx.db, sellerId, {
      now: new Date(now.getTime() - 3 * HOUR),
      durationHours: 1,
      productCount: 1,
      product: { name: 'Camaro vencido', base_price: 90_000_00 },
    });
  });
  afterAll(() => t?.close());

  const terms = [
    'pokemon',
    'POKÉMON',
    'pokemones',
    'camaro',
    'camaro rojo',
    'rojo camaro',
    'camraro',
    'xxxpokemon',
    'nada',
  ];
  const ranges: Array<[number | undefined, number | undefined]> = [
    [undefined, undefined],
    [100_000_00, undefined],
    [undefined, 120_000_00],
    [30_000_00, 150_000_00],
    [100_001_00, 179_999_00],
  ];

  it('counts each term, kind and price range as testing every listed row does', async () => {
    await wordsMatchListing();
    let found = 0;
    for (const term of terms)
      for (const kind of ['all', 'auction', 'buy_now'] as const)
        for (const [min, max] of ranges) {
          const { byWords, byRows } = await bothWays(term, kind, min, max);
          expect(byWords, JSON.stringify({ term, kind, min, max })).toEqual(byRows);
          found += byRows.total;
        }
    // The comparison is of real matches, not of empty answers.
    expect(found).toBeGreaterThan(50);
    expect((await bothWays('pokemon', 'all')).byWords.total).toBe(5);
    expect((await bothWays('camaro', 'auction')).byWords.total).toBe(2);
  });

  it('looks a term up by its words unless a word is too short for the lexicon', async () => {
    expect((await filtersFor('camaro rojo', 'all')).matchingWords).toHaveLength(2);
    expect((await filtersFor('camaro de', 'all')).matchingWords).toBeUndefined();
    const { byWords, byRows } = await bothWays('camaro de', 'all');
    expect(byWords).toEqual(byRows);
  });

  it('keeps the words equal to the listing through edits, bids, unlisting and writes at once', async () => {
    const rows = await t.ctx.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('status', '=', 'available')
      .orderBy('id')
      .execute();
    await t.ctx.db
      .updateTable('products')
      .set({ name: 'Pikachu Illustrator' })
      .where('id', '=', rows[0]!.id)
      .execute();
    await t.ctx.db
      .updateTable('products')
      .set({ sell_price: 2_000_000_00 })
      .where('id', '=', rows[1]!.id)
      .execute();
    await t.ctx.db
      .updateTable('products')
      .set({ can_be_bought: false })
      .where('id', '=', rows[2]!.id)
      .execute();
    const lot = await t.ctx.db
      .selectFrom('auction_products')
      .select('product_id')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    // A bid past the next price band's bound: the words' keys follow.
    await t.ctx.db
      .updateTable('auction_products')
      .set({ highest_bid: 400_000_00, bid_count: 1 })
      .where('product_id', '=', lot.product_id)
      .execute();
    await wordsMatchListing();
    // New products sharing new words, written at once (side by side on PostgreSQL's pool), in
    // opposite orders: neither waits on the other's words forever.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        listed(i % 2 ? 'Zorro Yak Wapiti' : 'Wapiti Yak Zorro', 10_000 + i, {
          description: `ñandú número ${i}`,
        }),
      ),
    );
    await wordsMatchListing();
    for (const term of ['pokemon', 'pikachu', 'wapiti zorro', 'camaro', 'nandu'])
      for (const [min, max] of ranges) {
        const { byWords, byRows } = await bothWays(term, 'all', min, max);
        expect(byWords, JSON.stringify({ term, min, max })).toEqual(byRows);
      }
    expect((await bothWays('wapiti', 'all')).byWords.total).toBe(8);
  });
});
