import { productMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../factories/images.ts';
import {
  createProductPayload,
  insertProduct,
  type ReferenceIds,
  referenceIds,
} from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('public product browsing', () => {
  let t: TestApp;
  let ids: ReferenceIds;
  let seller: { user: { id: number; username: string }; token: string };
  let store: { user: { id: number; username: string }; token: string };
  const p: Record<string, number> = {};
  let minute = 0;

  /** Inserts a product straight into the table; later calls are newer. Money in pesos here. */
  async function product(
    key: string,
    ownerId: number,
    options: { category: string; brand: string; buy?: number; status?: 'available' | 'in_auction' | 'sold' },
  ) {
    minute += 1;
    const row = await insertProduct(t.ctx.db, ownerId, {
      categoryName: options.category,
      name: key,
      brand_id: ids.brand[options.brand],
      can_be_bought: options.buy !== undefined,
      sell_price: options.buy === undefined ? null : options.buy * 100,
      status: options.status ?? 'available',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)),
    });
    p[key] = row.id;
    return row.id;
  }
  const names = (body: Array<{ name: string }>) => body.map((x) => x.name);

  beforeAll(async () => {
    t = await startTestApp();
    ids = await referenceIds(t.ctx.db);
    seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedora_prueba' });
    store = await insertUserWithToken(t, { is_seller: true, username: 'tienda_prueba' });
    const car = 'Autos die-cast';
    const card = 'Cartas coleccionables';
    const vinyl = 'Figuras de vinilo';
    await product('skyline', seller.user.id, { category: car, brand: 'Hot Wheels', buy: 65000 });
    await product('kombi', seller.user.id, { category: car, brand: 'Matchbox', buy: 38000 });
    await product('supra', store.user.id, { category: car, brand: 'Hot Wheels', buy: 72000 });
    await product('f40-auction', seller.user.id, {
      category: car,
      brand: 'Hot Wheels',
      status: 'in_auction',
    });
    await product('mustang-sold', store.user.id, {
      category: car,
      brand: 'Hot Wheels',
      buy: 90000,
      status: 'sold',
    });
    await product('aventador-not-buyable', seller.user.id, { category: car, brand: 'Maisto' });
    await product('charizard', seller.user.id, { category: card, brand: 'Pokémon', buy: 150000 });
    await product('goku', store.user.id, { category: vinyl, brand: 'Funko', buy: 85000 });
  });
  afterAll(() => t?.close());

  describe('GET /api/products/get_product_buy/{id}', () => {
    it('answers the product, its owner and whether it can be bought, without login', async () => {
      const res = await t.request('GET', `/api/products/get_product_buy/${p.skyline}`);
      expect(res.status).toBe(200);
      expect(res.body.can_be_bought).toBe(true);
      expect(res.body.owner).toEqual({
        id: seller.user.id,
        username: 'vendedora_prueba',
        image: null,
        avatar: null,
        reputation: {
          level: 'nuevo',
          period_days: 365,
          sales: 0,
          claims_rate: 0,
          late_shipping_rate: 0,
          cancellation_rate: 0,
        },
        away_until: null,
        away_message: null,
      });
      expect(res.body.product).toMatchObject({
        id: p.skyline,
        name: 'skyline',
        brand_name: 'Hot Wheels',
        category_name: 'Autos die-cast',
        scale_name: '1:18',
        sell_price: 65000,
        status: 'available',
        can_be_bought: true,
        owner_username: 'vendedora_prueba',
      });
      // The reserve price is the seller's business.
      expect(res.body.product).not.toHaveProperty('reserve_price');
      expect(res.body.product).not.toHaveProperty('base_price');
    });

    it('says a sold, an in-auction or a not-for-sale product cannot be bought', async () => {
      for (const key of ['mustang-sold', 'f40-auction', 'aventador-not-buyable']) {
        const res = await t.request('GET', `/api/products/get_product_buy/${p[key]}`);
        expect(res.status).toBe(200);
        expect(res.body.can_be_bought, key).toBe(false);
      }
      const sold = await t.request('GET', `/api/products/get_product_buy/${p['mustang-sold']}`);
      expect(sold.body.product).toMatchObject({ can_be_bought: true, status: 'sold' });
    });

    it('answers 404 for unknown ids', async () => {
      expect((await t.request('GET', '/api/products/get_product_buy/999999')).status).toBe(404);
      expect((await t.request('GET', '/api/products/get_product_buy/x')).status).toBe(404);
    });
  });

  describe('GET /api/products/get_similar_buy_products/{id}', () => {
    it('gives buyable products of the same category or brand, same brand first, never itself', async () => {
      const res = await t.request('GET', `/api/products/get_similar_buy_products/${p.skyline}`);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(['supra', 'kombi']);
    });

    it('works from a product that is itself not buyable', async () => {
      const res = await t.request('GET', `/api/products/get_similar_buy_products/${p['f40-auction']}`);
      expect(names(res.body)).toEqual(['supra', 'skyline', 'kombi']);
    });

    it('is empty when nothing alike is for sale', async () => {
      const res = await t.request('GET', `/api/products/get_similar_buy_products/${p.charizard}`);
      expect(res.body).toEqual([]);
    });

    it('returns at most 8', async () => {
      for (let i = 0; i < 10; i += 1) {
        await insertProduct(t.ctx.db, store.user.id, {
          categoryName: 'Figuras de vinilo',
          name: `funko-${i}`,
          can_be_bought: true,
          sell_price: 1000_00,
          created_at: new Date(Date.UTC(2025, 0, 1, 0, i)),
        });
      }
      const res = await t.request('GET', `/api/products/get_similar_buy_products/${p.goku}`);
      expect(res.body).toHaveLength(8);
      expect(names(res.body)).not.toContain('goku');
    });

    it('answers 404 for an unknown product', async () => {
      expect((await t.request('GET', '/api/products/get_similar_buy_products/999999')).status).toBe(404);
    });
  });

  describe('GET /api/products/get_buy_now_products/{ids}', () => {
    it('returns the buyable ones among the ids, in the order asked', async () => {
      const list = [p.charizard, p['mustang-sold'], p.skyline, 999_999, p['f40-auction'], p.goku].join(',');
      const res = await t.request('GET', `/api/products/get_buy_now_products/${list}`);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(['charizard', 'skyline', 'goku']);
    });

    it('accepts an encoded list, and refuses extra path segments', async () => {
      const res = await t.request('GET', `/api/products/get_buy_now_products/${p.kombi}%2C${p.goku}`);
      expect(names(res.body)).toEqual(['kombi', 'goku']);
      expect((await t.request('GET', `/api/products/get_buy_now_products/${p.kombi}/x`)).status).toBe(400);
      expect((await t.request('GET', '/api/products/get_buy_now_products/%E0%A4%A')).status).toBe(400);
    });

    it('accepts a single id', async () => {
      const res = await t.request('GET', `/api/products/get_buy_now_products/${p.kombi}`);
      expect(names(res.body)).toEqual(['kombi']);
    });

    it('bounds the list at 100 ids and refuses malformed lists', async () => {
      const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
      expect((await t.request('GET', `/api/products/get_buy_now_products/${hundred}`)).status).toBe(200);
      const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
      for (const list of [tooMany, 'abc', '1,x', '1;drop table products', '-1']) {
        const res = await t.request('GET', `/api/products/get_buy_now_products/${encodeURIComponent(list)}`);
        expect(res.status, list).toBe(400);
        expect(res.body.message).toBe(m.idListInvalid);
      }
    });
  });

  describe('GET /api/products/get_buy_now_products_by_user/{userId}', () => {
    it("lists a seller's buyable products only, newest first", async () => {
      const res = await t.request('GET', `/api/products/get_buy_now_products_by_user/${seller.user.id}`);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(['charizard', 'kombi', 'skyline']);
      const storeRes = await t.request('GET', `/api/products/get_buy_now_products_by_user/${store.user.id}`);
      expect(names(storeRes.body)).not.toContain('mustang-sold');
    });

    it('is empty for a user without products and 404 for a malformed id', async () => {
      expect((await t.request('GET', '/api/products/get_buy_now_products_by_user/999999')).body).toEqual([]);
      expect((await t.request('GET', '/api/products/get_buy_now_products_by_user/abc')).status).toBe(404);
    });
  });

  describe('GET /api/products/get_products_by_category/{categoryId}', () => {
    it('pages the products on show (available or in an auction) of one category', async () => {
      const car = ids.category['Autos die-cast'];
      const res = await t.request('GET', `/api/products/get_products_by_category/${car}?page=1&size=3`);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ total: 5, pages: 2, page: 1, size: 3 });
      expect(names(res.body.items)).toEqual(['aventador-not-buyable', 'f40-auction', 'supra']);
      const page2 = await t.request('GET', `/api/products/get_products_by_category/${car}?page=2&size=3`);
      expect(names(page2.body.items)).toEqual(['kombi', 'skyline']);
    });

    it('answers 404 for an unknown category and 400 for a page size over 100', async () => {
      expect((await t.request('GET', '/api/products/get_products_by_category/999999')).status).toBe(404);
      const car = ids.category['Autos die-cast'];
      expect((await t.request('GET', `/api/products/get_products_by_category/${car}?size=101`)).status).toBe(
        400,
      );
    });
  });

  describe('GET /api/products/marketplace', () => {
    it("pages every seller's buyable products, newest first", async () => {
      const res = await t.request('GET', '/api/products/marketplace?page=1&size=2');
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ total: 15, pages: 8, page: 1, size: 2 });
      expect(names(res.body.items)).toEqual(['goku', 'charizard']);
      const all = await t.request('GET', '/api/products/marketplace?size=100');
      const listed = names(all.body.items);
      expect(listed).toHaveLength(15);
      for (const hidden of ['mustang-sold', 'f40-auction', 'aventador-not-buyable'])
        expect(listed).not.toContain(hidden);
      expect(all.body.items[0]).toMatchObject({
        owner_username: 'tienda_prueba',
        sell_price: 85000,
        brand_name: 'Funko',
      });
    });

    it('defaults to 12 per page and refuses bad pagination', async () => {
      const res = await t.request('GET', '/api/products/marketplace');
      expect(res.body.meta).toMatchObject({ page: 1, size: 12 });
      expect(res.body.items).toHaveLength(12);
      for (const query of ['size=0', 'size=101', 'page=0', 'page=abc']) {
        expect((await t.request('GET', `/api/products/marketplace?${query}`)).status, query).toBe(400);
      }
    });

    it('shows a product created through the API with its image', async () => {
      const res = await t.request('POST', '/api/products/create', {
        token: seller.token,
        body: createProductPayload(ids, await pngDataUrl(), {
          name: 'Recién listado',
          can_be_bought: true,
          sell_price: 12345,
        }),
      });
      expect(res.status).toBe(201);
      const page = await t.request('GET', '/api/products/marketplace?size=1');
      expect(page.body.items[0]).toMatchObject({ name: 'Recién listado', sell_price: 12345 });
      const image = await fetch(t.url + page.body.items[0].thumbnail);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    });
  });
});
