import { catalogMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFreshness } from '../../../src/platform/read-cache.ts';
import { insertProduct, type ReferenceIds } from '../../factories/products.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { seedBrowseCatalog } from './browse-catalog.ts';

type Query = Record<string, string | number | undefined>;
type Item = Record<string, any> & { product_id: number };
const HOUR = 3600_000;

describe('GET /api/catalog/browse', () => {
  let t: TestApp;
  let ids: ReferenceIds;
  let seller: { user: { id: number; username: string }; token: string };
  let store: { user: { id: number; username: string }; token: string };
  /** Product ids by a short name. */
  const p: Record<string, number> = {};

  const browse = async (query: Query = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]): [string, string][] =>
        v === undefined ? [] : [[k, String(v)]],
      ),
    ).toString();
    const res = await t.request('GET', `/api/catalog/browse${qs ? `?${qs}` : ''}`);
    return res;
  };
  const listed = async (query: Query = {}) => {
    const res = await browse({ size: 100, ...query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as Item[];
  };
  const clean = (query: Record<string, string | number | undefined>) =>
    Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<
      string,
      string | number
    >;
  const names = (items: Item[]) => {
    const byId = Object.fromEntries(Object.entries(p).map(([k, v]) => [v, k]));
    return items.map((i) => byId[i.product_id] ?? `#${i.product_id}`);
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ ids, seller, store } = await seedBrowseCatalog(t, p));
  });
  afterAll(() => t?.close());

  const buyable = ['camion', 'charizard', 'funko', 'supra', 'ferrari', 'blastoise', 'extended'];

  it('lists running auction products and available buy-now products, nothing else', async () => {
    const items = await listed();
    expect(new Set(names(items))).toEqual(new Set(buyable));
  });

  it('answers the contract shape: price from the highest bid, else the base price, else the sell price', async () => {
    const res = await browse({ size: 100 });
    expect(Object.keys(res.body).sort()).toEqual(['facets', 'items', 'meta']);
    expect(res.body.meta).toMatchObject({ page: 1, size: 100, total: 7, pages: 1, next: null });
    const byName = Object.fromEntries(names(res.body.items).map((n, i) => [n, res.body.items[i]]));
    expect(byName.ferrari).toMatchObject({
      name: 'Bburago Ferrari F40',
      kind: 'auction',
      price: 120000,
      bids_count: 3,
      brand: 'Bburago',
      category: 'Autos die-cast',
      scale: '1:18',
      condition: 'con_detalles',
      grading: null,
      seller_username: seller.user.username,
      auction_id: expect.any(Number),
      end_time: expect.stringMatching(/Z$/),
    });
    expect(byName.blastoise).toMatchObject({ kind: 'auction', price: 30000, bids_count: 0, scale: null });
    expect(byName.charizard).toMatchObject({
      kind: 'buy_now',
      price: 200000,
      auction_id: null,
      end_time: null,
      bids_count: 0,
      condition: 'nuevo_en_caja',
      grading: { company: 'PSA', grade: 9.5, certificate: '777' },
      seller_username: store.user.username,
    });
    // A soft-closed product's own end, not its auction's.
    const extended = new Date(byName.extended.end_time).getTime();
    expect(extended - t.ctx.clock.now().getTime()).toBeGreaterThan(2.5 * HOUR);
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'auction_id',
          'bids_count',
          'brand',
          'category',
          'condition',
          'end_time',
          'grading',
          'image',
          'kind',
          'name',
          'price',
          'product_id',
          'scale',
          'seller_username',
        ].sort(),
      );
    }
  });

  it('filters by kind, category, brand, scale, condition and price range', async () => {
    const set = async (query: Query) => new Set(names(await listed(query)));
    expect(await set({ kind: 'auction' })).toEqual(new Set(['ferrari', 'blastoise', 'extended']));
    expect(await set({ kind: 'buy_now' })).toEqual(new Set(['camion', 'charizard', 'funko', 'supra']));
    expect(await set({ kind: 'all' })).toEqual(new Set(buyable));
    expect(await set({ category_id: ids.category['Cartas coleccionables'] })).toEqual(
      new Set(['charizard', 'blastoise']),
    );
    expect(await set({ brand_id: ids.brand.Pokémon })).toEqual(new Set(['charizard', 'blastoise']));
    expect(await set({ scale_id: ids.scale['1:64'] })).toEqual(new Set(['camion', 'supra']));
    expect(await set({ condition: 'usado' })).toEqual(new Set(['camion', 'blastoise']));
    expect(await set({ min_price: 80000 })).toEqual(new Set(['charizard', 'funko', 'supra', 'ferrari']));
    expect(await set({ max_price: 30000 })).toEqual(new Set(['blastoise', 'extended']));
    expect(await set({ min_price: 50000, max_price: 80000 })).toEqual(new Set(['camion', 'funko', 'supra']));
    expect(
      await set({ kind: 'buy_now', category_id: ids.category['Autos die-cast'], condition: 'nuevo_en_caja' }),
    ).toEqual(new Set(['supra']));
    expect(await set({ kind: 'auction', brand_id: ids.brand.Funko })).toEqual(new Set());
  });

  it('matches q the way search does: no accents, case, typos and cut words', async () => {
    const set = async (q: string, extra: Query = {}) => new Set(names(await listed({ q, ...extra })));
    expect(await set('camion')).toEqual(new Set(['camion']));
    expect(await set('CAMIÓN bomberos')).toEqual(new Set(['camion']));
    expect(await set('pokemon')).toEqual(new Set(['charizard', 'blastoise']));
    expect(await set('charizrd')).toEqual(new Set(['charizard']));
    expect(await set('bomber')).toEqual(new Set(['camion']));
    expect(await set('pokemon', { kind: 'auction' })).toEqual(new Set(['blastoise']));
    // Found by search but not buyable now: never listed.
    expect(await set('vendido')).toEqual(new Set());
    expect(await set("%' or 1=1 --")).toEqual(new Set());
    expect(await set('   ')).toEqual(new Set(buyable));
    // The same products the search page finds, among the buyable ones.
    const search = await t.request('GET', `/api/auctions/search/${encodeURIComponent('hot whels')}`);
    const searched = new Set((search.body.products as Array<{ id: number }>).map((x) => x.id));
    const browsed = await listed({ q: 'hot whels' });
    expect(browsed.length).toBeGreaterThan(0);
    for (const item of browsed) expect(searched.has(item.product_id)).toBe(true);
  });

  it('sorts by each order with ties broken by id', async () => {
    const order = async (sort: string) => names(await listed({ sort }));
    const items = await listed();
    const byName = Object.fromEntries(names(items).map((n, i) => [n, items[i]!]));
    const check = (list: string[], key: (i: Item) => number, direction: 1 | -1) => {
      for (let i = 1; i < list.length; i++) {
        const a = byName[list[i - 1]!]!;
        const b = byName[list[i]!]!;
        const cmp = (key(a) - key(b)) * direction || (a.product_id - b.product_id) * direction;
        expect(cmp, `${list[i - 1]} before ${list[i]}`).toBeLessThan(0);
      }
    };
    const price = await order('price_asc');
    expect(price).toHaveLength(7);
    check(price, (i) => i.price, 1);
    check(await order('price_desc'), (i) => i.price, -1);
    expect((await order('price_desc'))[0]).toBe('charizard');
    check(await order('most_bids'), (i) => i.bids_count, -1);
    expect((await order('most_bids'))[0]).toBe('ferrari');
    const ending = await order('ending_soon');
    expect(ending.slice(0, 3)).toEqual(
      ['ferrari', 'blastoise', 'extended'].sort((a, b) => {
        const d = Date.parse(byName[a]!.end_time) - Date.parse(byName[b]!.end_time);
        return d || byName[a]!.product_id - byName[b]!.product_id;
      }),
    );
    expect(ending.slice(3).sort()).toEqual(['camion', 'charizard', 'funko', 'supra'].sort());
    const newest = await order('newest');
    expect(newest[0]).toBe('blastoise');
    expect(newest.at(-1)).toBe('camion');
    // funko and supra were listed at the same time: the higher id first.
    expect(newest.indexOf(p.funko! > p.supra! ? 'funko' : 'supra')).toBeLessThan(
      newest.indexOf(p.funko! > p.supra! ? 'supra' : 'funko'),
    );
    // The default order is the newest first.
    expect(names(await listed())).toEqual(newest);
  });

  it('counts each facet with every other filter applied, its own left out', async () => {
    const combos: Record<string, string | number | undefined>[] = [
      {},
      { category_id: ids.category['Autos die-cast'] },
      { condition: 'usado' },
      { kind: 'buy_now', max_price: 100000 },
      { category_id: ids.category['Cartas coleccionables'], brand_id: ids.brand.Pokémon, condition: 'usado' },
      { q: 'pokemon', min_price: 1 },
      { scale_id: ids.scale['1:64'], condition: 'nuevo_en_caja', kind: 'all' },
    ];
    const dimensions = [
      ['category', 'category_id', 'id'],
      ['brand', 'brand_id', 'id'],
      ['scale', 'scale_id', 'id'],
      ['condition', 'condition', 'value'],
    ] as const;
    for (const filters of combos) {
      const res = await browse({ ...clean(filters), size: 1 });
      expect(res.status).toBe(200);
      const facets = res.body.facets;
      for (const [facet, param, key] of dimensions) {
        const { [param]: _own, ...others } = filters;
        // Every value the listing holds under the other filters, counted one by one.
        const all = await listed(clean(others));
        const expected = new Map<string | number, number>();
        for (const item of all) {
          const value =
            facet === 'category'
              ? ids.category[item.category]
              : facet === 'brand'
                ? ids.brand[item.brand]
                : facet === 'scale'
                  ? item.scale && ids.scale[item.scale]
                  : item.condition;
          if (value !== null && value !== undefined) expected.set(value, (expected.get(value) ?? 0) + 1);
        }
        const got = new Map(facets[facet].map((e: any) => [e[key], e.count]));
        expect(got, `${facet} under ${JSON.stringify(filters)}`).toEqual(expected);
        // And choosing a value gives exactly that many products.
        for (const entry of facets[facet]) {
          const chosen = await browse({ ...clean(others), [param]: entry[key], size: 1 });
          expect(chosen.body.meta.total).toBe(entry.count);
        }
      }
      // Names come with the ids.
      for (const entry of facets.category) expect(ids.category[entry.name]).toBe(entry.id);
    }
  });

  it('pages by position and by cursor alike, and meta counts all matches', async () => {
    const all = await listed({ sort: 'price_asc' });
    const first = await browse({ sort: 'price_asc', size: 3 });
    expect(first.body.meta).toMatchObject({ page: 1, size: 3, total: 7, pages: 3, next: expect.any(String) });
    const second = await browse({ sort: 'price_asc', size: 3, page: 2 });
    expect(second.body.items.map((i: Item) => i.product_id)).toEqual(
      all.slice(3, 6).map((i) => i.product_id),
    );
    const byCursor = await browse({ sort: 'price_asc', size: 3, page: 2, after: first.body.meta.next });
    expect(byCursor.body.items).toEqual(second.body.items);
    const last = await browse({ sort: 'price_asc', size: 3, page: 3, after: byCursor.body.meta.next });
    expect(last.body.items).toHaveLength(1);
    expect(last.body.meta.next).toBeNull();
  });

  it('never repeats or skips a product while the list changes between pages', async () => {
    const db = t.ctx.db;
    for (const sort of ['newest', 'price_asc', 'price_desc', 'ending_soon', 'most_bids']) {
      const before = (await listed({ sort })).map((i) => i.product_id);
      const seen: number[] = [];
      let after: string | null = null;
      let changed = false;
      const added: number[] = [];
      do {
        const res = await browse({ sort, size: 2, ...(after ? { after } : {}) });
        expect(res.status).toBe(200);
        seen.push(...res.body.items.map((i: Item) => i.product_id));
        after = res.body.meta.next;
        if (!changed) {
          changed = true;
          // New listings at both ends of every order, and one product not yet seen sold.
          const now = t.ctx.clock.now();
          for (const [price, minutes] of [
            [1_00, -5],
            [900_000_00, 500],
          ] as const) {
            const row = await insertProduct(db, store.user.id, {
              categoryName: 'Figuras de vinilo',
              scale_id: null,
              name: `Nuevo ${sort} ${price}`,
              can_be_bought: true,
              sell_price: price,
              created_at: new Date(now.getTime() - minutes * 60_000),
            });
            added.push(row.id);
          }
          const unseen = before.filter((id) => !seen.includes(id) && id !== p.ferrari);
          await db.updateTable('products').set({ status: 'sold' }).where('id', '=', unseen.at(-1)!).execute();
          added.push(-unseen.at(-1)!);
          // Written straight to the database, as another writer would: announced as the API's
          // writes are, so browse's answers from memory are checked against the database.
          await readFreshness(t.ctx).changed();
        }
      } while (after);
      expect(new Set(seen).size, sort).toBe(seen.length);
      const removed = added.filter((id) => id < 0).map((id) => -id);
      for (const id of before) if (!removed.includes(id)) expect(seen, `${sort} kept ${id}`).toContain(id);
      // Put things back for the next order.
      await db.updateTable('products').set({ status: 'available' }).where('id', 'in', removed).execute();
      await db
        .updateTable('products')
        .set({ status: 'sold' })
        .where(
          'id',
          'in',
          added.filter((id) => id > 0),
        )
        .execute();
      await readFreshness(t.ctx).changed();
    }
  });

  it('refuses hostile and malformed parameters with a Spanish message', async () => {
    const cases: [Query, string][] = [
      [{ kind: 'subasta' }, m.kindInvalid],
      [{ sort: 'random()' }, m.sortInvalid],
      [{ category_id: 'abc' }, m.idInvalid],
      [{ brand_id: -1 }, m.idInvalid],
      [{ scale_id: '1;drop table products' }, m.idInvalid],
      [{ scale_id: 99999999999 }, m.idInvalid],
      [{ condition: 'roto' }, m.conditionInvalid],
      [{ min_price: -5 }, m.priceInvalid],
      [{ max_price: '1e99' }, m.priceInvalid],
      [{ max_price: 10.5 }, m.priceInvalid],
      [{ min_price: 100, max_price: 10 }, m.priceRange],
      [{ q: 'x'.repeat(101) }, m.termTooLong],
      [{ q: 'x'.repeat(5000) }, m.termTooLong],
      [{ after: 'not-a-cursor' }, m.cursorInvalid],
      [{ after: Buffer.from('["newest","1 or 1=1",3]').toString('base64url') }, m.cursorInvalid],
      // Past a bigint: refused here, not an error of the database's cast.
      [{ after: Buffer.from('["newest","99999999999999999999",3]').toString('base64url') }, m.cursorInvalid],
      [{ after: Buffer.from('["newest","9223372036854775808",3]').toString('base64url') }, m.cursorInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await browse(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.errors ?? [res.body.message], JSON.stringify(query)).toContain(message);
    }
    // A well-formed key at either end of the range names a time no row has: the page after it
    // is every row or none, never an error.
    const all = (await listed({ sort: 'ending_soon' })).length;
    for (const [sort, key, expected] of [
      ['ending_soon', '-9223372036854775808', all],
      ['ending_soon', '9223372036854775807', 0],
      ['newest', '9223372036854775807', all],
      ['newest', '-9223372036854775808', 0],
    ] as const) {
      const after = Buffer.from(JSON.stringify([sort, key, 1])).toString('base64url');
      const res = await browse({ sort, size: 100, after });
      expect(res.status, `${sort} ${key}`).toBe(200);
      expect(res.body.items, `${sort} ${key}`).toHaveLength(expected);
    }
    // A cursor of another order is refused rather than misread.
    const newest = await browse({ sort: 'newest', size: 2 });
    const crossed = await browse({ sort: 'price_asc', after: newest.body.meta.next });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe(m.cursorInvalid);
    expect((await browse({ size: 101 })).status).toBe(400);
    expect((await browse({ page: 0 })).status).toBe(400);
  });

  it('answers many requests at once with the same result', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => browse({ q: 'pokemon', sort: 'price_desc', size: 100 })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(answers[0]!.body);
    }
  });
});
