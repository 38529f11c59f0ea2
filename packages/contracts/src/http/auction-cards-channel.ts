import { AUCTION_CARDS_PATH } from '../auctions/live-cards.messages.ts';
import { CardsClientMessageSchema, CardsServerMessageSchema } from '../auctions/live-cards.schemas.ts';

/**
 * Live prices for the cards of a list page: one socket per page, subscribed to the products of
 * the cards in view (several per message), each sending its race as it changes.
 */
export const auctionCardsChannel = {
  path: AUCTION_CARDS_PATH,
  url: () => AUCTION_CARDS_PATH,
  /** What a client sends, any number of times. */
  client: CardsClientMessageSchema,
  /** What the server sends. */
  server: CardsServerMessageSchema,
} as const;
