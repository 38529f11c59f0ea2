import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHints } from '../../../src/modules/auctions/auctions.service.ts';
import { databaseImageStore } from '../../../src/platform/images.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/** index.html's image hint goes to anyone: only products already public on the cards get one. */
describe('the image hints of index.html', () => {
  let t: TestApp;
  let imageId: string;
  const hint = (path: string) => pageHints(t.ctx)(path);

  beforeAll(async () => {
    t = await startTestApp();
    const now = t.ctx.clock.now();
    imageId = await databaseImageStore.save(
      t.ctx.db,
      {
        full: Buffer.from('full'),
        thumb: Buffer.from('thumb'),
        contentType: 'image/webp',
        width: 1,
        height: 1,
      },
      now,
    );
  });
  afterAll(() => t?.close());

  it('names the image and name of a product in a running auction', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedora_hint' });
    const { products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      product: { image_id: imageId },
    });
    // Preloaded, and painted with the product's name before the app runs.
    expect(await hint(`/auctions/product/${products[0]!.id}`)).toEqual({
      lead: { src: `/images/${imageId}/full.webp`, title: products[0]!.name },
    });
  });

  it('names nothing for a product outside a running auction, an upcoming one, or another address', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedor_hint' });
    const alone = await insertProduct(t.ctx.db, seller.user.id, { image_id: imageId });
    const { products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      status: 'upcoming',
      productCount: 1,
      product: { image_id: imageId },
    });
    expect(await hint(`/auctions/product/${alone.id}`)).toEqual({});
    expect(await hint(`/auctions/product/${products[0]!.id}`)).toEqual({});
    expect(await hint(`/products/${alone.id}`)).toEqual({});
    expect(await hint('/auctions/product/99999999999')).toEqual({});
  });

  it('names the home page’s first page of auctions and its first card’s thumbnails', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedor_portada' });
    const now = t.ctx.clock.now();
    await insertAuction(t.ctx.db, seller.user.id, {
      now,
      endTime: new Date(now.getTime() + 60_000),
      productCount: 5,
      product: { image_id: imageId },
    });
    const list = await t.request('GET', '/api/auctions/list?page=1&size=8');
    const first = list.body.items[0];
    expect(first.products).toHaveLength(5);
    const hinted = await hint('/');
    expect(hinted.images).toEqual(first.products.slice(0, 4).map((p: { thumbnail: string }) => p.thumbnail));
    expect(hinted.images).toEqual(Array(4).fill(`/images/${imageId}/thumb.webp`));
    // The list's first page as the app asks for it, which it then takes from the preload.
    expect(hinted.data).toEqual(['/api/auctions/list?page=1&size=8']);
  });
});
