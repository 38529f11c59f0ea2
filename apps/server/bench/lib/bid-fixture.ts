import type { Database } from '../../src/platform/db.ts';
import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { hashPassword } from '../../src/platform/passwords.ts';

export const BIDDER_PASSWORD = 'Bench-Bidder-1!';

/**
 * A fresh database (PostgreSQL at `databaseUrl`, else PGlite in `dataDir`) with one seller, one
 * running auction of one product (or `products`) (no increment rules, ending in a day) and `bidders` bidders.
 * Closed before the server opens it (PGlite allows one process at a time).
 */
export async function prepareBidRace(options: {
  databaseUrl?: string;
  dataDir: string;
  bidders: number;
  /** Products in the auction (default one). */
  products?: number;
}) {
  const { db, close } = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    await migrateToLatest(db);
    const now = new Date();
    const hash = await hashPassword(BIDDER_PASSWORD);
    const user = (email: string, username: string, seller: boolean) =>
      db
        .insertInto('users')
        .values({
          email,
          username,
          password_hash: hash,
          is_seller: seller,
          name: username,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const seller = await user('vendedor@bench.test', 'vendedor_bench', true);
    const emails: string[] = [];
    for (let i = 0; i < options.bidders; i++) {
      emails.push(`postor${i}@bench.test`);
      await user(emails[i]!, `postor_${i}`, false);
    }
    const end = new Date(now.getTime() + 24 * 3600_000);
    const auction = await db
      .insertInto('auctions')
      .values({
        owner_id: seller.id,
        title: 'Subasta de carga',
        status: 'active',
        min_offer: 0,
        max_offer: 0,
        duration_hours: 24,
        start_time: now,
        end_time: end,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const productIds: number[] = [];
    for (let i = 0; i < (options.products ?? 1); i++)
      productIds.push(await insertAuctionProduct(db, seller.id, auction.id, now));
    return { auctionId: auction.id, productId: productIds[0]!, productIds, emails };
  } finally {
    await close();
  }
}

async function insertAuctionProduct(db: Database, ownerId: number, auctionId: number, now: Date) {
  const brand = await db.selectFrom('brands').select(['id', 'category_id']).executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      owner_id: ownerId,
      name: 'Carta de carga',
      description: 'Producto del benchmark',
      category_id: brand.category_id,
      brand_id: brand.id,
      year: 2000,
      status: 'in_auction',
      auction_id: auctionId,
      reserve_price: 0,
      base_price: 100,
      can_be_bought: false,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('auction_products').values({ auction_id: auctionId, product_id: product.id }).execute();
  return product.id;
}

/** Logs every bidder in through the API; their tokens, in order. */
export async function logIn(url: string, emails: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const email of emails) {
    const res = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: BIDDER_PASSWORD }),
    });
    if (!res.ok) throw new Error(`login of ${email}: ${res.status}`);
    tokens.push(((await res.json()) as { jwt_token: string }).jwt_token);
  }
  return tokens;
}
