import { productMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../factories/images.ts';
import { createProductPayload, insertProduct, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('reading and editing a product', () => {
  let t: TestApp;
  let owner: { user: { id: number }; token: string };
  let otherSeller: { user: { id: number }; token: string };
  let buyer: { user: { id: number }; token: string };
  let productId: number;

  const row = (id: number) =>
    t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const update = (id: number, body: unknown, token = owner.token) =>
    t.request('PUT', `/api/products/update/${id}`, { token, body });

  beforeAll(async () => {
    t = await startTestApp();
    owner = await insertUserWithToken(t, { is_seller: true });
    otherSeller = await insertUserWithToken(t, { is_seller: true });
    buyer = await insertUserWithToken(t);
    const ids = await referenceIds(t.ctx.db);
    const res = await t.request('POST', '/api/products/create', {
      token: owner.token,
      body: createProductPayload(ids, await pngDataUrl(), { reserve_price: 50000 }),
    });
    expect(res.status).toBe(201);
    productId = res.body.product.id;
  });
  afterAll(() => t?.close());

  describe('GET /api/products/get_product/{id}', () => {
    it('gives the owner the full view with names, image and status', async () => {
      const res = await t.request('GET', `/api/products/get_product/${productId}`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: productId,
        owner_id: owner.user.id,
        brand_name: 'Hot Wheels',
        category_name: 'Autos die-cast',
        scale_name: '1:64',
        reserve_price: 50000,
        status: 'available',
        auction_id: null,
        image: expect.stringMatching(/^\/images\/.+\/full\.webp$/),
      });
    });

    it('shows the reserve and base prices only to the owner, not to another seller or a buyer', async () => {
      await t.request('PUT', `/api/products/update/${productId}`, { token: owner.token, body: {} });
      await t.ctx.db
        .updateTable('products')
        .set({ base_price: 20_000_00 })
        .where('id', '=', productId)
        .execute();
      const own = await t.request('GET', `/api/products/get_product/${productId}`, { token: owner.token });
      expect(own.body).toMatchObject({ reserve_price: 50000, base_price: 20000 });
      for (const other of [otherSeller, buyer]) {
        const res = await t.request('GET', `/api/products/get_product/${productId}`, { token: other.token });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: productId, name: expect.any(String), owner_id: owner.user.id });
        expect(res.body).not.toHaveProperty('reserve_price');
        expect(res.body).not.toHaveProperty('base_price');
        expect(JSON.stringify(res.body)).not.toContain('50000');
      }
    });

    it('lets any logged-in user read it, not an anonymous visitor', async () => {
      expect(
        (await t.request('GET', `/api/products/get_product/${productId}`, { token: buyer.token })).status,
      ).toBe(200);
      expect((await t.request('GET', `/api/products/get_product/${productId}`)).status).toBe(401);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['999999', 'abc', '0', '-4', '1.5', '99999999999']) {
        const res = await t.request('GET', `/api/products/get_product/${id}`, { token: owner.token });
        expect(res.status, id).toBe(404);
        expect(res.body.message).toBe(m.notFound);
      }
    });
  });

  describe('GET /api/products/get_products', () => {
    it("lists only the caller's products, newest first", async () => {
      const older = await insertProduct(t.ctx.db, owner.user.id, {
        name: 'Más antiguo',
        created_at: new Date('2020-01-01T00:00:00Z'),
      });
      await insertProduct(t.ctx.db, otherSeller.user.id, { name: 'Ajeno' });
      const res = await t.request('GET', '/api/products/get_products', { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: number }) => p.id)).toEqual([productId, older.id]);
      expect(res.body.every((p: { owner_id: number }) => p.owner_id === owner.user.id)).toBe(true);
      expect(res.body[1]).toMatchObject({ image: null, thumbnail: null, brand_name: expect.any(String) });
    });

    it('is empty for a buyer and 401 without a token', async () => {
      expect((await t.request('GET', '/api/products/get_products', { token: buyer.token })).body).toEqual([]);
      expect((await t.request('GET', '/api/products/get_products')).status).toBe(401);
    });
  });

  describe('PUT /api/products/update/{id}', () => {
    it('updates name, description, reserve price and year for the owner', async () => {
      const res = await update(productId, {
        name: '  Skyline R34 editado ',
        description: 'Nueva descripción',
        reserve_price: 61000,
        year: 2022,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(m.updated);
      expect(res.body.product).toMatchObject({
        id: productId,
        name: 'Skyline R34 editado',
        description: 'Nueva descripción',
        reserve_price: 61000,
        year: 2022,
        brand_name: 'Hot Wheels',
      });
      expect((await row(productId)).reserve_price).toBe(6_100_000);
    });

    it('changes only the fields sent and ignores the ones that cannot be edited', async () => {
      const before = await row(productId);
      const res = await update(productId, {
        year: 2023,
        owner_id: otherSeller.user.id,
        status: 'sold',
        sell_price: 1,
      });
      expect(res.status).toBe(200);
      const after = await row(productId);
      expect(after).toMatchObject({ ...before, year: 2023, updated_at: expect.any(Date) });
      expect(after.owner_id).toBe(owner.user.id);
      expect(after.status).toBe('available');
    });

    it('treats an emptied reserve price as 0', async () => {
      const res = await update(productId, { reserve_price: null });
      expect(res.status).toBe(200);
      expect(res.body.product.reserve_price).toBe(0);
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['blank name', { name: '  ' }, m.nameRequired],
      ['blank description', { description: '' }, m.descriptionRequired],
      ['negative reserve', { reserve_price: -1 }, m.reservePriceInvalid],
      ['reserve as text', { reserve_price: 'cien' }, m.reservePriceInvalid],
      ['year as text', { year: 'ayer' }, m.yearInvalid],
      ['year out of range', { year: 3000 }, m.yearInvalid],
    ];
    it.each(invalid)('rejects %s with its message and changes nothing', async (_name, body, message) => {
      const before = await row(productId);
      const res = await update(productId, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContain(message);
      expect(await row(productId)).toEqual(before);
    });

    it("hides another seller's product (404) and changes nothing", async () => {
      const before = await row(productId);
      const res = await update(productId, { name: 'Robado' }, otherSeller.token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.notFound);
      expect((await update(productId, { name: 'Robado' }, buyer.token)).status).toBe(404);
      expect(await row(productId)).toEqual(before);
    });

    it('needs a token', async () => {
      const res = await t.request('PUT', `/api/products/update/${productId}`, { body: { name: 'X' } });
      expect(res.status).toBe(401);
    });

    it('answers 404 for unknown ids', async () => {
      expect((await update(999_999, { name: 'X' })).status).toBe(404);
      expect((await update('abc' as unknown as number, { name: 'X' })).status).toBe(404);
    });

    it('refuses edits while the product is in an auction (409) and once sold', async () => {
      const inAuction = await insertProduct(t.ctx.db, owner.user.id, {
        status: 'in_auction',
        name: 'En subasta',
      });
      const res = await update(inAuction.id, { name: 'Cambio' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(m.inAuction);
      expect((await row(inAuction.id)).name).toBe('En subasta');

      const sold = await insertProduct(t.ctx.db, owner.user.id, { status: 'sold', name: 'Vendido' });
      const soldRes = await update(sold.id, { name: 'Cambio' });
      expect(soldRes.status).toBe(409);
      expect(soldRes.body.message).toBe(m.notEditable);
      expect((await row(sold.id)).name).toBe('Vendido');
    });

    it('waits for an auction that is taking the product and then refuses the edit (409)', async () => {
      const product = await insertProduct(t.ctx.db, owner.user.id, { name: 'Carrera' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Stands in for the auctions module: it locks the row and moves it in_auction in one transaction.
      const auctionTrx = t.ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('products').select('id').where('id', '=', product.id).forUpdate().execute();
        await trx
          .updateTable('products')
          .set({ status: 'in_auction' })
          .where('id', '=', product.id)
          .execute();
        locked();
        await held;
      });
      await lockTaken;
      const pending = update(product.id, { name: 'Demasiado tarde' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      release();
      await auctionTrx;
      const res = await pending;
      expect(res.status).toBe(409);
      expect((await row(product.id)).name).toBe('Carrera');
    });

    it('serializes concurrent edits: every one applies, the row ends with one of them', async () => {
      const names = Array.from({ length: 8 }, (_, i) => `Concurrente ${i}`);
      const results = await Promise.all(names.map((name) => update(productId, { name })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(names).toContain((await row(productId)).name);
    });
  });
});
