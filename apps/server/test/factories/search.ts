import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Database } from '../../src/platform/db.ts';
import type { AuctionsTable } from '../../src/platform/db-schema.ts';

/** Id of a reference-data brand by name (e.g. 'Maisto'). */
export async function brandId(db: Database, name: string): Promise<number> {
  const row = await db.selectFrom('brands').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a tiny stored image and returns its id (the bytes are not a real picture). */
export async function insertImage(db: Database): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('images')
    .values({
      id,
      full_data: new Uint8Array([1, 2, 3]),
      thumb_data: new Uint8Array([1, 2]),
      content_type: 'image/webp',
      width: 1,
      height: 1,
      created_at: new Date(),
    })
    .execute();
  return id;
}

/**
 * Inserts an auction of `ownerId` holding `productIds` (marked in_auction); `active` by default,
 * ending in two days. Money overrides are in centavos like the table.
 */
export async function insertAuction(
  db: Database,
  ownerId: number,
  overrides: Partial<Insertable<AuctionsTable>> & { productIds?: number[] } = {},
) {
  const { productIds = [], ...values } = overrides;
  const now = new Date();
  const auction = await db
    .insertInto('auctions')
    .values({
      owner_id: ownerId,
      title: 'Subasta de prueba',
      status: 'active',
      duration_hours: 48,
      start_time: now,
      end_time: new Date(now.getTime() + 48 * 3600_000),
      created_at: now,
      updated_at: now,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (productIds.length > 0) {
    await db
      .insertInto('auction_products')
      .values(productIds.map((product_id) => ({ auction_id: auction.id, product_id })))
      .execute();
    await db
      .updateTable('products')
      .set({ status: 'in_auction', auction_id: auction.id })
      .where('id', 'in', productIds)
      .execute();
  }
  return auction;
}
