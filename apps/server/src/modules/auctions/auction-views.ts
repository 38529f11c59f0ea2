import { type AuctionProduct, type AuctionSummary, attributesFromColumns } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { imageUrls } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import type { auctionRacesRepository as races } from './auction-races.repository.ts';
import { type AuctionRow, auctionsRepository as repo } from './auctions.repository.ts';

/** How an auction and its products are answered: the shapes the web client reads. */

export type Auction = NonNullable<AuctionRow>;
export type RaceRow = Awaited<ReturnType<typeof races.auctionProducts>>[number];

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(a: Auction, products: AuctionSummary['products']): AuctionSummary {
  return {
    id: a.id,
    title: a.title,
    status: a.status,
    owner_id: a.owner_id,
    min_offer: toPesos(a.min_offer),
    max_offer: toPesos(a.max_offer),
    is_flash: a.is_flash,
    duration: a.duration_hours,
    start_time: iso(a.start_time),
    end_time: iso(a.end_time),
    start_date: iso(a.start_time),
    end_date: iso(a.end_time),
    created_at: a.created_at.toISOString(),
    product_count: products.length,
    products,
  };
}

export function toAuctionProduct(row: RaceRow, auction: Auction): AuctionProduct {
  const highest = row.highest_bid === null ? 0 : toPesos(row.highest_bid);
  return {
    id: row.id,
    auction_id: row.auction_id,
    name: row.name,
    description: row.description,
    ...imageUrls(row.image_id),
    brand: row.brand,
    category: row.category,
    scale: row.scale,
    ...attributesFromColumns(row),
    year: row.year,
    initial_bid: row.base_price === null ? 0 : toPesos(row.base_price),
    highest_bid: highest,
    current_bid: highest,
    bid_count: row.bid_count,
    min_offer: toPesos(auction.min_offer),
    max_offer: toPesos(auction.max_offer),
    reserve_price: toPesos(row.reserve_price),
    sell_price: row.sell_price === null ? null : toPesos(row.sell_price),
    can_be_bought: row.can_be_bought,
    status: row.status,
    outcome: row.outcome,
    end_time: iso(row.end_time),
  };
}

/** Auction cards: each auction with its products' names and images. */
export async function summaries(db: Database, rows: Auction[]): Promise<AuctionSummary[]> {
  const products = await repo.cardProducts(
    db,
    rows.map((r) => r.id),
  );
  const byAuction = new Map<number, AuctionSummary['products']>();
  for (const p of products) {
    const list = byAuction.get(p.auction_id) ?? [];
    list.push({ id: p.id, name: p.name, ...imageUrls(p.image_id) });
    byAuction.set(p.auction_id, list);
  }
  return rows.map((r) => toSummary(r, byAuction.get(r.id) ?? []));
}
