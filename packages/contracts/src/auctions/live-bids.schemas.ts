import { z } from 'zod';

/*
 * A bid and a product's live channel messages, in a module of their own: the web app's live
 * socket loads only these (each zod schema is built when its module loads, and building the
 * whole auction module's took a phone's main thread for tens of milliseconds).
 */

/** A bid: one shape in the history, the create answer and the live message. */
export const BidSchema = z.object({
  id: z.number(),
  amount: z.number(),
  timestamp: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** Placed by the server from the bidder's maximum (proxy bid). */
  auto: z.boolean(),
});
export type Bid = z.infer<typeof BidSchema>;

/** One product's race right after a bid: what the create answer and the live message carry. */
export const RaceStateSchema = z.object({
  auction_id: z.number(),
  product_id: z.number(),
  /** The product's highest bid (after any automatic bids the bid triggered, in the answer). */
  highest_bid: z.number(),
  bid_count: z.number(),
  /** The product's effective end (soft close may have moved it). */
  end_time: z.string().nullable(),
});
export type RaceState = z.infer<typeof RaceStateSchema>;

/** The live channel's message: an accepted bid and the product's race after it. */
export const NewBidMessageSchema = RaceStateSchema.extend({
  message: z.literal('new_bid'),
  bid: BidSchema,
});
export type NewBidMessage = z.infer<typeof NewBidMessageSchema>;

/**
 * The first message of a product's live channel, sent once its subscription is in force (again
 * after every reconnect): the product's bid count read after that moment. A page counting fewer
 * bids missed some accepted between its read and the subscription, and reads the page again.
 */
export const BidsSubscribedMessageSchema = z.object({
  message: z.literal('subscribed'),
  bid_count: z.number().int().min(0),
});
export type BidsSubscribedMessage = z.infer<typeof BidsSubscribedMessageSchema>;

/**
 * An operator took the product down: its bids are void and its page is gone. Watchers show
 * `text` ('Este producto fue retirado') and stop bidding.
 */
export const ProductTakenDownMessageSchema = z.object({
  message: z.literal('taken_down'),
  product_id: z.number(),
  text: z.string(),
});
export type ProductTakenDownMessage = z.infer<typeof ProductTakenDownMessageSchema>;

/** What a product's live channel sends. */
export const ProductBidsMessageSchema = z.discriminatedUnion('message', [
  NewBidMessageSchema,
  BidsSubscribedMessageSchema,
  ProductTakenDownMessageSchema,
]);
