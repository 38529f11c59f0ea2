import { commonMessages, productMessages as m, moneyMessages } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeImage,
  noiseBytes,
  PNG_SIGNATURE,
  pngDataUrl,
  SVG_IMAGE,
  toDataUrl,
} from '../../factories/images.ts';
import { createProductPayload, type ReferenceIds, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('POST /api/products/create', () => {
  let t: TestApp;
  let ids: ReferenceIds;
  let image: string;
  let seller: { user: { id: number }; token: string };
  let buyer: { user: { id: number }; token: string };
  const counts = async () => {
    const [products, images] = await Promise.all([
      t.ctx.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      t.ctx.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { products: Number(products.n), images: Number(images.n) };
  };
  const create = (body: unknown, token = seller.token) =>
    t.request('POST', '/api/products/create', { token, body });

  beforeAll(async () => {
    t = await startTestApp();
    ids = await referenceIds(t.ctx.db);
    image = await pngDataUrl({ width: 2000, height: 1000 });
    seller = await insertUserWithToken(t, { is_seller: true });
    buyer = await insertUserWithToken(t, { is_seller: false });
  });
  afterAll(() => t?.close());

  it('creates a die-cast product with its image, in pesos, owned by the seller', async () => {
    const res = await create(createProductPayload(ids, image, { base_price: 35000 }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(m.created);
    const product = res.body.product;
    expect(product).toMatchObject({
      id: expect.any(Number),
      owner_id: seller.user.id,
      name: 'Hot Wheels Nissan Skyline GT-R R34',
      year: 2021,
      tags: 'jdm, nissan, premium',
      reserve_price: 40000,
      base_price: 35000,
      can_be_bought: false,
      sell_price: null,
      category_name: 'Autos die-cast',
      brand_name: 'Hot Wheels',
      scale_name: '1:64',
      status: 'available',
      auction_id: null,
    });
    expect(product.image).toMatch(/^\/images\/[0-9a-f-]{36}\/full\.webp$/);
    expect(product.thumbnail).toBe(product.image.replace('full.webp', 'thumb.webp'));
    expect(product.created_at).toMatch(/Z$/);
    const row = await t.ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.reserve_price).toBe(4_000_000);
    expect(row.base_price).toBe(3_500_000);

    const full = await fetch(t.url + product.image);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    const thumb = await fetch(t.url + product.thumbnail);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(480);
  });

  it('creates a buy-now card without scale; a scale sent for cards is dropped', async () => {
    const res = await create(
      createProductPayload(ids, image, {
        name: 'Carta Pokémon Charizard',
        category_id: ids.category['Cartas coleccionables'],
        brand_id: ids.brand.Pokémon,
        scale_id: ids.scale['1:18'],
        can_be_bought: true,
        sell_price: 150000,
        reserve_price: null,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      scale_id: null,
      scale_name: null,
      can_be_bought: true,
      sell_price: 150000,
      reserve_price: 0,
    });
  });

  it('drops sell_price when can_be_bought is off', async () => {
    const res = await create(createProductPayload(ids, image, { can_be_bought: false, sell_price: 99999 }));
    expect(res.status).toBe(201);
    expect(res.body.product.sell_price).toBeNull();
  });

  it('needs a token (401) and a seller (403), and stores nothing', async () => {
    const before = await counts();
    const anonymous = await t.request('POST', '/api/products/create', {
      body: createProductPayload(ids, image),
    });
    expect(anonymous.status).toBe(401);
    const forged = await create(createProductPayload(ids, image), 'not.a.token');
    expect(forged.status).toBe(401);
    const notSeller = await create(createProductPayload(ids, image), buyer.token);
    expect(notSeller.status).toBe(403);
    expect(notSeller.body.message).toBe(commonMessages.sellerOnly);
    expect(notSeller.body.message).toBe('Solo los vendedores pueden realizar esta acción.');
    // Even an invalid body from a non-seller is a 403, not a lesson in validation.
    expect((await create({}, buyer.token)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['missing name', { name: '' }, m.nameRequired],
    ['blank name', { name: '   ' }, m.nameRequired],
    ['missing year', { year: null }, m.yearRequired],
    ['year as words', { year: 'dos mil' }, m.yearInvalid],
    ['missing description', { description: undefined }, m.descriptionRequired],
    ['missing category', { category_id: null }, m.categoryRequired],
    ['unknown category', { category_id: 999_999 }, m.categoryNotFound],
    ['missing brand', { brand_id: '' }, m.brandRequired],
    ['unknown brand', { brand_id: 999_999 }, m.brandRequired],
    ['brand of another category', { brand_id: 'POKEMON' }, m.brandNotInCategory],
    ['die-cast without scale', { scale_id: null }, m.scaleRequired],
    ['unknown scale', { scale_id: 999_999 }, m.scaleInvalid],
    ['buy-now without sell_price', { can_be_bought: true, sell_price: null }, m.sellPriceRequired],
    ['buy-now with sell_price 0', { can_be_bought: true, sell_price: 0 }, m.sellPricePositive],
    ['negative reserve', { reserve_price: -1 }, m.reservePriceInvalid],
    ['negative base', { base_price: -10 }, m.basePriceInvalid],
    ['reserve as text', { reserve_price: 'mil' }, m.reservePriceInvalid],
    ['absurd reserve', { reserve_price: 1e15 }, moneyMessages.tooLarge],
    ['reserve with centavos', { reserve_price: 10.555 }, moneyMessages.fraction],
    ['sell price with centavos', { can_be_bought: true, sell_price: 80000.5 }, moneyMessages.fraction],
    ['missing image', { image: undefined }, m.imageRequired],
    ['image not a data URL', { image: 'https://evil.example/x.png' }, m.imageInvalid],
    ['svg image', { image: toDataUrl(SVG_IMAGE, 'image/svg+xml') }, m.imageType],
  ];
  it.each(invalid)('rejects %s with its message and stores nothing', async (_name, overrides, message) => {
    const before = await counts();
    const body = createProductPayload(ids, image, overrides) as Record<string, unknown>;
    if (overrides.brand_id === 'POKEMON') body.brand_id = ids.brand.Pokémon;
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
    expect(res.body.message).toBe(res.body.errors[0]);
    expect(await counts()).toEqual(before);
  });

  it('lists every field message at once', async () => {
    const res = await create({ can_be_bought: true, category_id: ids.category['Autos die-cast'] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        m.nameRequired,
        m.yearRequired,
        m.descriptionRequired,
        m.brandRequired,
        m.scaleRequired,
        m.sellPriceRequired,
        m.imageRequired,
      ]),
    );
  });

  const badImages: Array<[string, () => Promise<string> | string, string]> = [
    ['text declared as PNG', () => toDataUrl('solo texto, nada de píxeles', 'image/png'), m.imageInvalid],
    [
      'PNG signature then text',
      () => toDataUrl(Buffer.concat([PNG_SIGNATURE, Buffer.from('IHDR? no')]), 'image/png'),
      m.imageInvalid,
    ],
    ['SVG declared as PNG', () => toDataUrl(SVG_IMAGE, 'image/png'), m.imageType],
    ['JPEG declared as GIF', async () => toDataUrl(await makeImage('jpeg'), 'image/gif'), m.imageMismatch],
    [
      'over 5 MB (but under the body limit)',
      () => toDataUrl(noiseBytes(5 * 1024 * 1024 + 512, PNG_SIGNATURE), 'image/png'),
      m.imageTooLarge,
    ],
  ];
  it.each(badImages)('rejects an image that is %s (400, nothing stored)', async (_name, make, message) => {
    const before = await counts();
    const res = await create(createProductPayload(ids, await make()));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('accepts a 5 MB image (the route takes bodies up to 8 MB)', async () => {
    // A noisy JPEG of a little under 5 MB: real pixels, not a padded file.
    const width = 2600;
    const height = 2200;
    const pixels = noiseBytes(width * height * 3);
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = (pixels[i]! * 31 + i * 7) & 0xff;
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(jpeg.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const res = await create(createProductPayload(ids, toDataUrl(jpeg, 'image/jpeg')));
    expect(res.status).toBe(201);
  });

  it('answers 413 to a body over 8 MB', async () => {
    const before = await counts();
    const huge = toDataUrl(noiseBytes(6_500_000, PNG_SIGNATURE), 'image/png');
    const res = await create(createProductPayload(ids, huge));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(commonMessages.tooLarge);
    expect(await counts()).toEqual(before);
  });

  it('keeps the 1 MB limit on other routes', async () => {
    const res = await t.request('PUT', '/api/products/update/1', {
      token: seller.token,
      body: { description: 'x'.repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
  });

  it('rejects malformed JSON with a Spanish message', async () => {
    const res = await t.request('POST', '/api/products/create', {
      token: seller.token,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(commonMessages.invalidInput);
  });

  it('creates concurrent uploads independently', async () => {
    const before = await counts();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        create(createProductPayload(ids, image, { name: `Concurrente ${i}` })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.product.image)).size).toBe(5);
    expect(await counts()).toEqual({ products: before.products + 5, images: before.images + 5 });
  });
});
