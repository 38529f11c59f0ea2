/*
 * The card prices channel without its schemas: the list pages open it on their first screen,
 * where loading zod would cost more than the rest of the channel's code together.
 */

/** The channel's path: one socket per list page. */
export const AUCTION_CARDS_PATH = '/auctions/api/bids/ws/cards';

/** Products one socket may watch at once (a page's cards in view are far fewer). */
export const CARD_SUBSCRIPTIONS_MAX = 100;

/** Updates of one product reach a card at most this often; the last of a burst always arrives. */
export const CARD_UPDATE_INTERVAL_MS = 1000;

/** A card's state as the server sends it (the schema's type, which checks it is the same). */
export interface CardPriceReading {
  message: 'card';
  auction_id: number;
  product_id: number;
  price: number;
  highest_bid: number;
  bid_count: number;
  end_time: string | null;
}
export type CardsServerReading = CardPriceReading | { message: 'watching'; count: number; max: number };

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * What the server sent, checked field by field as `CardsServerMessageSchema` does (a test keeps
 * the two in step); null for anything else.
 */
export function readCardsServerMessage(data: unknown): CardsServerReading | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.message === 'card') {
    if (!isId(m.auction_id) || !isId(m.product_id) || !isCount(m.bid_count)) return null;
    if (typeof m.price !== 'number' || typeof m.highest_bid !== 'number') return null;
    if (m.end_time !== null && typeof m.end_time !== 'string') return null;
    return {
      message: 'card',
      auction_id: m.auction_id,
      product_id: m.product_id,
      price: m.price,
      highest_bid: m.highest_bid,
      bid_count: m.bid_count,
      end_time: m.end_time,
    };
  }
  if (m.message === 'watching') {
    if (!isCount(m.count) || !isCount(m.max)) return null;
    return { message: 'watching', count: m.count, max: m.max };
  }
  return null;
}
