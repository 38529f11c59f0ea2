import { productMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl, toDataUrl } from '../../factories/images.ts';
import { createProductPayload, type ReferenceIds, referenceIds } from '../../factories/products.ts';
import { approvePayment, insertBuyer } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type Photo = { id: string; url: string; thumb_url: string; width: number; height: number };
type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('product photos', () => {
  let t: TestApp;
  let ids: ReferenceIds;
  let owner: User;
  let other: User;
  // Photos told apart by their width (the pipeline keeps small images at their size).
  const photo = (width: number) => pngDataUrl({ width, height: 40 });

  const create = async (images: string[], overrides: Record<string, unknown> = {}, token = owner.token) => {
    const [first] = images;
    const { image: _image, ...payload } = createProductPayload(ids, first!, overrides);
    return t.request('POST', '/api/products/create', { token, body: { ...payload, images } });
  };
  const created = async (widths: number[], overrides: Record<string, unknown> = {}) => {
    const res = await create(await Promise.all(widths.map(photo)), overrides);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.product as { id: number; image: string; thumbnail: string; images: Photo[] };
  };
  const read = async (id: number, token = owner.token) =>
    (await t.request('GET', `/api/products/get_product/${id}`, { token })).body as {
      image: string;
      images: Photo[];
    };
  const add = (id: number, image: unknown, token = owner.token) =>
    t.request('POST', `/api/products/${id}/images`, { token, body: { image } });
  const remove = (id: number, imageId: string, token = owner.token) =>
    t.request('DELETE', `/api/products/${id}/images/${imageId}`, { token });
  const reorder = (id: number, imageIds: unknown, token = owner.token) =>
    t.request('PUT', `/api/products/${id}/images/order`, { token, body: { image_ids: imageIds } });
  const widths = (images: Photo[]) => images.map((p) => p.width);
  const counts = async () => {
    const [images, photos] = await Promise.all([
      t.ctx.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      t.ctx.db
        .selectFrom('product_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { images: Number(images.n), photos: Number(photos.n) };
  };
  const status = (path: string) => t.request('GET', path).then((r) => r.status);

  beforeAll(async () => {
    t = await startTestApp();
    ids = await referenceIds(t.ctx.db);
    owner = await insertUserWithToken(t, { is_seller: true });
    other = await insertUserWithToken(t, { is_seller: true });
  });
  afterAll(() => t?.close());

  describe('create', () => {
    it('stores the photos in order; the first is the cover every image field shows', async () => {
      const product = await created([61, 62, 63]);
      expect(widths(product.images)).toEqual([61, 62, 63]);
      const [cover] = product.images;
      expect(product.image).toBe(cover!.url);
      expect(product.thumbnail).toBe(cover!.thumb_url);
      for (const p of product.images) {
        expect(p).toEqual({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          url: `/images/${p.id}/full.webp`,
          thumb_url: `/images/${p.id}/thumb.webp`,
          width: expect.any(Number),
          height: 40,
        });
        const full = await t.request('GET', p.url);
        expect(full.status).toBe(200);
        expect(full.headers.get('content-type')).toBe('image/webp');
        expect(await status(p.thumb_url)).toBe(200);
      }
      // Every product read answers the same photos in the same order.
      expect(widths((await read(product.id, other.token)).images)).toEqual([61, 62, 63]);
      const buy = await t.request('GET', `/api/products/get_product_buy/${product.id}`);
      expect(widths(buy.body.product.images)).toEqual([61, 62, 63]);
      expect(buy.body.product.image).toBe(cover!.url);
    });

    it('takes the single image of the specification, and image with images (the image first)', async () => {
      const single = await t.request('POST', '/api/products/create', {
        token: owner.token,
        body: createProductPayload(ids, await photo(70)),
      });
      expect(single.status).toBe(201);
      expect(widths(single.body.product.images)).toEqual([70]);
      const both = await t.request('POST', '/api/products/create', {
        token: owner.token,
        body: { ...createProductPayload(ids, await photo(71)), images: [await photo(72), await photo(73)] },
      });
      expect(widths(both.body.product.images)).toEqual([71, 72, 73]);
    });

    it('refuses eleven photos, an empty list and a bad photo among good ones (400, nothing stored)', async () => {
      const before = await counts();
      const eleven = await create(await Promise.all(Array.from({ length: 11 }, (_, i) => photo(20 + i))));
      expect(eleven.status).toBe(400);
      expect(eleven.body.message).toBe(m.imagesTooMany);
      const empty = await create([]);
      expect(empty.status).toBe(400);
      const bad = await create([await photo(30), toDataUrl('<svg/>', 'image/png')]);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(m.imageInvalid);
      expect(await counts()).toEqual(before);
    });
  });

  describe('POST /api/products/{id}/images', () => {
    it('appends a photo after the last, through the image pipeline', async () => {
      const product = await created([41, 42]);
      const res = await add(product.id, await photo(43));
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(m.imageAdded);
      expect(widths(res.body.product.images)).toEqual([41, 42, 43]);
      expect(res.body.product.image).toBe(product.image);
      const before = await counts();
      for (const [image, message] of [
        [toDataUrl('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'), m.imageType],
        [toDataUrl('not an image', 'image/png'), m.imageInvalid],
        [undefined, m.imageRequired],
      ] as const) {
        const refused = await add(product.id, image);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(message);
      }
      expect(await counts()).toEqual(before);
    });

    it('answers 404 to anyone but the owner and for unknown products, changing nothing', async () => {
      const product = await created([44]);
      const before = await counts();
      expect((await add(product.id, await photo(45), other.token)).status).toBe(404);
      expect((await add(999_999, await photo(45))).status).toBe(404);
      expect((await add(product.id, await photo(45), '')).status).toBe(401);
      expect(await counts()).toEqual(before);
    });

    it('gives the tenth place to one of two appends racing for it; the other gets 409', async () => {
      const product = await created([1, 2, 3, 4, 5, 6, 7, 8, 9].map((w) => 50 + w));
      const [a, b] = await Promise.all([add(product.id, await photo(80)), add(product.id, await photo(81))]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.message).toBe(m.imagesTooMany);
      const after = await read(product.id);
      expect(after.images).toHaveLength(10);
      const again = await add(product.id, await photo(82));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'PRODUCT_IMAGES_FULL', message: m.imagesTooMany });
      expect((await read(product.id)).images).toHaveLength(10);
    });
  });

  describe('PUT /api/products/{id}/images/order', () => {
    it('reorders; the new first photo becomes the cover', async () => {
      const product = await created([11, 12, 13]);
      const [a, b, c] = product.images.map((p) => p.id);
      const res = await reorder(product.id, [c, a, b]);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(m.imagesReordered);
      expect(widths(res.body.product.images)).toEqual([13, 11, 12]);
      expect(res.body.product.image).toBe(`/images/${c}/full.webp`);
      const row = await t.ctx.db
        .selectFrom('products')
        .select('image_id')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(row.image_id).toBe(c);
    });

    it("refuses another product's photo, a missing one, a repeated one or garbage (400, nothing changes)", async () => {
      const product = await created([14, 15]);
      const stranger = await created([16]);
      const [a, b] = product.images.map((p) => p.id);
      const foreign = stranger.images[0]!.id;
      for (const order of [[b, foreign], [b], [b, a, a], [b, a, foreign], ['x', 'y'], [], 'a,b', [1, 2]]) {
        const res = await reorder(product.id, order);
        expect(res.status, JSON.stringify(order)).toBe(400);
      }
      const named = await reorder(product.id, [b, foreign]);
      expect(named.body).toMatchObject({ code: 'IMAGE_ORDER_INVALID', message: m.imageOrderInvalid });
      expect(named.body.fields).toEqual({ image_ids: m.imageOrderInvalid });
      expect(widths((await read(product.id)).images)).toEqual([14, 15]);
      expect(widths((await read(stranger.id)).images)).toEqual([16]);
    });

    it("answers 404 for another user's product, changing nothing", async () => {
      const product = await created([17, 18]);
      const [a, b] = product.images.map((p) => p.id);
      expect((await reorder(product.id, [b, a], other.token)).status).toBe(404);
      expect(widths((await read(product.id)).images)).toEqual([17, 18]);
    });
  });

  describe('DELETE /api/products/{id}/images/{imageId}', () => {
    it('removes the photo and deletes its files: its URLs answer 404', async () => {
      const product = await created([21, 22, 23]);
      const middle = product.images[1]!;
      const before = await counts();
      const res = await remove(product.id, middle.id);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(m.imageRemoved);
      expect(widths(res.body.product.images)).toEqual([21, 23]);
      expect(await counts()).toEqual({ images: before.images - 1, photos: before.photos - 1 });
      expect(await status(middle.url)).toBe(404);
      expect(await status(middle.thumb_url)).toBe(404);
      expect(await status(`/images/${middle.id}/preview.jpg`)).toBe(404);
    });

    it('removing the cover makes the next photo the cover; the last one stays (409)', async () => {
      const product = await created([24, 25]);
      const [cover, next] = product.images;
      const res = await remove(product.id, cover!.id);
      expect(res.status).toBe(200);
      expect(res.body.product.image).toBe(next!.url);
      expect(await status(cover!.url)).toBe(404);
      const last = await remove(product.id, next!.id);
      expect(last.status).toBe(409);
      expect(last.body).toMatchObject({ code: 'PRODUCT_LAST_IMAGE', message: m.imagesAtLeastOne });
      expect(await status(next!.url)).toBe(200);
    });

    it("answers 404 for an unknown photo, another product's photo and another user's product", async () => {
      const product = await created([26, 27]);
      const stranger = await created([28, 29]);
      const before = await counts();
      expect((await remove(product.id, stranger.images[0]!.id)).status).toBe(404);
      expect((await remove(product.id, '00000000-0000-4000-8000-000000000000')).body.message).toBe(
        m.imageNotFound,
      );
      expect((await remove(product.id, 'nada')).status).toBe(404);
      expect((await remove(product.id, product.images[0]!.id, other.token)).status).toBe(404);
      expect(await counts()).toEqual(before);
    });
  });

  it('changes nothing while the product is in an auction (409) or once sold (409)', async () => {
    const product = await created([31, 32]);
    const [a, b] = product.images.map((p) => p.id);
    const auction = await t.request('POST', '/api/auctions/create', {
      token: owner.token,
      body: { title: 'Subasta de fotos', duration: 1, products: [product.id] },
    });
    expect(auction.status).toBe(201);
    const calls = async () => [
      await add(product.id, await photo(33)),
      await remove(product.id, a!),
      await reorder(product.id, [b, a]),
    ];
    for (const res of await calls())
      expect(res.body).toMatchObject({ code: 'PRODUCT_IN_AUCTION', message: m.inAuction });
    await t.ctx.db.updateTable('products').set({ status: 'sold' }).where('id', '=', product.id).execute();
    for (const res of await calls()) expect(res.body).toMatchObject({ code: 'PRODUCT_NOT_EDITABLE' });
    expect(widths((await read(product.id)).images)).toEqual([31, 32]);
  });

  it('a new cover shows in the buy-now page, search, the auction list and purchases', async () => {
    const name = 'Tomica Limited Vintage Fotos Nuevas';
    const product = await created([35, 36], { name, can_be_bought: true, sell_price: 90_000 });
    const [first, second] = product.images;
    const searchImage = async () => {
      const res = await t.request(
        'GET',
        `/api/auctions/search/${encodeURIComponent('Tomica Vintage Fotos')}`,
      );
      return res.body.products.find((p: { id: number }) => p.id === product.id)?.image;
    };
    const buyImage = async () =>
      (await t.request('GET', `/api/products/get_product_buy/${product.id}`)).body.product.image;
    // Read once before, so a cached answer would be the old one.
    expect(await buyImage()).toBe(first!.url);
    expect(await searchImage()).toBe(first!.thumb_url);
    expect((await reorder(product.id, [second!.id, first!.id])).status).toBe(200);
    expect(await buyImage()).toBe(second!.url);
    expect(await searchImage()).toBe(second!.thumb_url);

    // Bought and paid: the purchase shows the cover.
    const buyer = await insertBuyer(t, 'comprador_fotos');
    const bought = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(bought.status).toBe(200);
    expect((await approvePayment(t, bought.body.payment_id, 90_000)).body.result).toBe('confirmed');
    const purchases = await t.request('GET', '/api/products/get_purchased_products', { token: buyer.token });
    const purchase = purchases.body.products.find((p: { product_id: number }) => p.product_id === product.id);
    expect(purchase.product_image).toBe(second!.thumb_url);
    const sales = await t.request('GET', '/api/products/get_sold_products', { token: owner.token });
    const sale = sales.body.products.find((p: { product_id: number }) => p.product_id === product.id);
    expect(sale.product_image).toBe(second!.thumb_url);

    // An auction's card shows its product's cover, as reordered before it was listed.
    const listed = await created([37, 38], { name: 'Majorette Fotos Subasta' });
    const [x, y] = listed.images;
    await t.request('GET', '/api/auctions/list');
    expect((await reorder(listed.id, [y!.id, x!.id])).status).toBe(200);
    const auction = await t.request('POST', '/api/auctions/create', {
      token: owner.token,
      body: { title: 'Subasta con portada', duration: 1, products: [listed.id] },
    });
    expect(
      (await t.request('GET', `/api/auctions/${auction.body.id}/activate`, { token: owner.token })).status,
    ).toBe(200);
    const list = await t.request('GET', '/api/auctions/list?size=100');
    const card = list.body.items.find((a: { id: number }) => a.id === auction.body.id);
    expect(card.products[0]).toMatchObject({ image: y!.url, thumbnail: y!.thumb_url });
    const page = await t.request('GET', `/api/auctions/get_auction_product_by_id/${listed.id}`, {
      token: other.token,
    });
    expect(page.body.products[0].image).toBe(y!.url);
    expect(page.body.products[0].images.map((p: Photo) => p.id)).toEqual([y!.id, x!.id]);
  });

  it("exports every photo of the seller's products; deleting the account deletes those on no sale", async () => {
    const seller = await insertUserWithToken(t, { is_seller: true });
    const res = await create([await photo(91), await photo(92), await photo(93)], {}, seller.token);
    const product = res.body.product as { id: number; images: Photo[] };
    const exported = await t.request('GET', '/api/users/me/export', { token: seller.token });
    expect(exported.status).toBe(200);
    const entry = exported.body.products.find((p: { id: number }) => p.id === product.id);
    expect(entry.images).toEqual(product.images);

    const deleted = await t.request('POST', '/api/users/me/delete', {
      token: seller.token,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    for (const p of product.images) expect(await status(p.url)).toBe(404);
    const left = await t.ctx.db
      .selectFrom('product_images')
      .select('image_id')
      .where('product_id', '=', product.id)
      .execute();
    expect(left).toEqual([]);
  });
});
