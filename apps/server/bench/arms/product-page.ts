import { hashPassword } from '../../src/platform/passwords.ts';
import { bareFastifyRate, readArmResult } from '../lib/bare.ts';
import { BIDDER_PASSWORD, logIn } from '../lib/bid-fixture.ts';
import { warmLoop } from '../lib/load.ts';
import { withSeededServer } from '../lib/seeded-server.ts';
import type { Arm } from '../types.ts';

const CONNECTIONS = 32;
const PRODUCTS = 20_000;
/** Running-auction products the readers spread over (a live auction's page is read by many at once). */
const PAGES = 8;

/**
 * GET of product auction pages (the read every bidder reloads during a live auction) at 32
 * connections, logged in, over a 20k-product catalogue, against a bare Fastify server measured
 * in the same run.
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
      return productIds;
    },
    async (server, productIds) => {
      const [token] = await logIn(server.url, [email]);
      const headers = { authorization: `Bearer ${token}` };
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
      `GET /api/auctions/get_auction_product_by_id/{id}, ${CONNECTIONS} connections, ${PAGES} pages, 20k products`,
      result,
      ceiling,
    ),
  ];
};
