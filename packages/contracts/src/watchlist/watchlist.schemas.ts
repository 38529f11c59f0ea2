import { z } from 'zod';

/** How long before a watched product's effective end its watchers get `ending_soon`. */
export const ENDING_SOON_MS = 15 * 60 * 1000;

/** GET /api/watchlist: `auction_id`, `end_time` and `highest_bid` are null when not in an auction. */
export const WatchlistItemSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  status: z.string(),
  auction_id: z.number().nullable(),
  end_time: z.string().nullable(),
  highest_bid: z.number().nullable(),
});
export type WatchlistItem = z.infer<typeof WatchlistItemSchema>;

export const WatchlistResponseSchema = z.object({
  items: z.array(WatchlistItemSchema),
  /** The server's clock when it answered, so countdowns run in server time. */
  server_time: z.string(),
});
export type WatchlistResponse = z.infer<typeof WatchlistResponseSchema>;

/** POST/DELETE /api/watchlist/{productId}. */
export const WatchlistChangeResponseSchema = z.object({
  product_id: z.number(),
  watching: z.boolean(),
  message: z.string(),
});
export type WatchlistChangeResponse = z.infer<typeof WatchlistChangeResponseSchema>;

/** The most a watchlist lists (newest first): a person follows a handful of products. */
export const WATCHLIST_LIMIT = 200;
