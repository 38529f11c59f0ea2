import type { CardPriceMessage, CardRef } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';

/** A card's race as its live message carries it. */
export type CardState = Omit<CardPriceMessage, 'message'>;

/**
 * The races of `refs` as committed now. Only running auctions' products anyone may see are
 * answered (the cards list nothing else): the others are missing from the answer, and so are
 * never subscribed.
 */
export async function readCardStates(db: Database, refs: CardRef[]): Promise<Map<string, CardState>> {
  const found = new Map<string, CardState>();
  if (refs.length === 0) return found;
  const pairs = sql.join(refs.map((r) => sql`(${r.auction_id}::int, ${r.product_id}::int)`));
  const rows = await db
    .selectFrom('auction_products as ap')
    .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
    .innerJoin('products as p', 'p.id', 'ap.product_id')
    .select((eb) => [
      'ap.auction_id',
      'ap.product_id',
      'ap.highest_bid',
      'ap.bid_count',
      'p.base_price',
      eb.fn.coalesce('ap.end_time', 'a.end_time').as('end_time'),
    ])
    .where(sql<boolean>`(ap.auction_id, ap.product_id) in (${pairs})`)
    .where('a.status', '=', 'active')
    .where('p.taken_down_at', 'is', null)
    .execute();
  for (const row of rows) {
    const highest = row.highest_bid === null ? 0 : toPesos(row.highest_bid);
    const base = row.base_price === null ? 0 : toPesos(row.base_price);
    found.set(`${row.auction_id}:${row.product_id}`, {
      auction_id: row.auction_id,
      product_id: row.product_id,
      price: row.bid_count > 0 ? highest : base,
      highest_bid: highest,
      bid_count: row.bid_count,
      end_time: row.end_time ? new Date(row.end_time).toISOString() : null,
    });
  }
  return found;
}
