import { z } from 'zod';
import { CARD_SUBSCRIPTIONS_MAX, type CardsServerReading } from './live-cards.messages.ts';

/*
 * The card prices channel's messages, in a module of their own: the list pages load them after
 * their first paint, and nothing else in the auction module.
 */

/** One product of a running auction, as a card names it. */
export const CardRefSchema = z.strictObject({
  auction_id: z.number().int().min(1).max(2_147_483_647),
  product_id: z.number().int().min(1).max(2_147_483_647),
});
export type CardRef = z.infer<typeof CardRefSchema>;

/**
 * What a client sends: the products of the cards entering the view (`subscribe`) or leaving it
 * (`unsubscribe`), several at once.
 */
export const CardsClientMessageSchema = z.strictObject({
  type: z.enum(['subscribe', 'unsubscribe']),
  products: z.array(CardRefSchema).min(1).max(CARD_SUBSCRIPTIONS_MAX),
});
export type CardsClientMessage = z.infer<typeof CardsClientMessageSchema>;

/**
 * A product's race as a card shows it: first when its subscription is in force (read after that
 * moment), then after bids, at most once a second with the latest state. `price` is the highest
 * bid, else the starting price; `end_time` the product's effective end (soft close moves it).
 * A client keeps the message with the most bids (an equal count replaces: the same race, newer).
 */
export const CardPriceMessageSchema = z.object({
  message: z.literal('card'),
  auction_id: z.number().int().min(1),
  product_id: z.number().int().min(1),
  price: z.number(),
  highest_bid: z.number(),
  bid_count: z.number().int().min(0),
  end_time: z.string().nullable(),
});
export type CardPriceMessage = z.infer<typeof CardPriceMessageSchema>;

/**
 * Sent after each client message is applied: how many products the socket watches now. A
 * subscription beyond CARD_SUBSCRIPTIONS_MAX, or to a product in no auction, is not taken.
 */
export const CardsWatchingMessageSchema = z.object({
  message: z.literal('watching'),
  count: z.number().int().min(0),
  max: z.number().int(),
});
export type CardsWatchingMessage = z.infer<typeof CardsWatchingMessageSchema>;

export const CardsServerMessageSchema = z.discriminatedUnion('message', [
  CardPriceMessageSchema,
  CardsWatchingMessageSchema,
]);
export type CardsServerMessage = z.infer<typeof CardsServerMessageSchema>;

// The hand-written reader (for the first screen, without zod) gives exactly this type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const readerMatchesSchema: Same<CardsServerReading, CardsServerMessage> = true;
void readerMatchesSchema;
