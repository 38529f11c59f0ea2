import type { Database } from '../../src/platform/db.ts';
import { databaseImageStore } from '../../src/platform/images.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { renderSeedImage } from '../../src/platform/seed-images.ts';
import { bareFastifyRate, readArmResult } from '../lib/bare.ts';
import { BIDDER_PASSWORD, logIn } from '../lib/bid-fixture.ts';
import { warmLoop } from '../lib/load.ts';
import { withSeededServer } from '../lib/seeded-server.ts';
import type { Arm } from '../types.ts';

const CONNECTIONS = 32;
const PRODUCTS = 20_000;
/** Running-auction products the readers spread over (a live auction's page is read by many at once). */
const PAGES = 8;
/** Photos of each page read: the page answers every one's sizes and URLs, read in the same query. */
const PHOTOS = 4;

/**
 * Gives each product `PHOTOS` stored photos in order, the first its cover, as a seller's upload
 * leaves them (the bulk seed inserts products without images).
 */
async function addPhotos(db: Database, productIds: number[], now: Date) {
  const views = await Promise.all(
    Array.from({ length: PHOTOS }, (_, i) =>
      renderSeedImage({ title: `Vista ${i + 1}`, colors: ['#1d3557', '#457b9d'] }),
    ),
  );
  for (const productId of productIds) {
    const ids: string[] = [];
    for (const view of views) ids.push(await databaseImageStore.save(db, view, now));
    await db
      .insertInto('product_images')
      .values(
        ids.map((image_id, position) => ({ image_id, product_id: productId, position, created_at: now })),
      )
      .execute();
    await db.updateTable('products').set({ image_id: ids[0]! }).where('id', '=', productId).execute();
  }
}

/**
 * GET of product auction pages (the read every bidder reloads during a live auction) at 32
 * connections, logged in, over a 20k-product catalogue, each page with four photos, against a
 * bare Fastify server measured in the same run.
 */
function productPageRun(postgresUrl: string, seconds: number) {
  const email = 'lector@bench.test';
  return withSeededServer(
    postgresUrl,
    { products: PRODUCTS, auctions: PRODUCTS / 10, users: 500 },
    async (db, now) => {
      await db
        .insertInto('users')
        .values({
          email,
          username: 'lector_bench',
          password_hash: await hashPassword(BIDDER_PASSWORD),
          name: 'Lector',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const rows = await db
        .selectFrom('auction_products as ap')
        .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
        .select('ap.product_id')
        .where('a.status', '=', 'active')
        .where('a.end_time', '>', now)
        .orderBy('ap.product_id')
        .limit(PAGES)
        .execute();
      const productIds = rows.map((r) => r.product_id);
      if (productIds.length === 0) throw new Error('the seed has no running auction');
      await addPhotos(db, productIds, now);
      return productIds;
    },
    async (server, productIds) => {
      const [token] = await logIn(server.url, [email]);
      const headers = { authorization: `Bearer ${token}` };
      // The figure is of pages that carry their photos and the seller's computed reputation: one
      // read first says they do.
      const first = await fetch(`${server.url}/api/auctions/get_auction_product_by_id/${productIds[0]}`, {
        headers,
      });
      const body = (await first.json()) as {
        products?: Array<{ images?: unknown[] }>;
        owner?: { reputation?: { level?: string } };
      };
      if (body.products?.[0]?.images?.length !== PHOTOS)
        throw new Error(`the product page answered ${first.status} without its ${PHOTOS} photos`);
      if (!body.owner?.reputation?.level)
        throw new Error(`the product page answered ${first.status} without the seller's reputation`);
      let n = 0;
      const next = () => ({
        method: 'GET',
        path: `/api/auctions/get_auction_product_by_id/${productIds[n++ % productIds.length]}`,
        headers,
      });
      return warmLoop({ url: server.url, connections: CONNECTIONS, seconds, next });
    },
  );
}

export const run: Arm = async (env) => {
  if (!env.postgresUrl) return [];
  const seconds = env.quick ? 5 : 15;
  const ceiling = await bareFastifyRate(CONNECTIONS, seconds);
  const result = await productPageRun(env.postgresUrl, seconds);
  return [
    readArmResult(
      'product-page',
      `GET /api/auctions/get_auction_product_by_id/{id}, ${CONNECTIONS} connections, ${PAGES} pages of ${PHOTOS} photos, 20k products`,
      result,
      ceiling,
    ),
  ];
};
