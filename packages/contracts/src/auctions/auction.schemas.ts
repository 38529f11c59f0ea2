import { z } from 'zod';
import { wholePesos } from '../common/money.schemas.ts';
import { PageMetaSchema, PaginationQuerySchema } from '../common/schemas.ts';
import { GradingSchema, ProductConditionSchema } from '../products/product-attributes.schemas.ts';
import { ReputationSchema } from '../trust/trust.schemas.ts';
import { BidSchema, RaceStateSchema } from './live-bids.schemas.ts';

export const AuctionStatusSchema = z.enum(['upcoming', 'active', 'ended', 'cancelled']);
export type AuctionStatus = z.infer<typeof AuctionStatusSchema>;

/** A list's search words: at most 100 characters; blank is no search. */
const searchText = z
  .string()
  .trim()
  .max(100, { abort: true })
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET /api/auctions/list and the seller's lists: page, size (default 8, at most 100), search. */
export const AuctionListQuerySchema = PaginationQuerySchema.extend({ search: searchText });
export type AuctionListQuery = z.infer<typeof AuctionListQuerySchema>;

/** Running auctions the home page shows a page at a time (the server hints the first card's images). */
export const AUCTION_PAGE_SIZE = 8;

/** How many product thumbnails an auction card shows. */
export const AUCTION_CARD_IMAGES = 4;

export const SellerAuctionsQuerySchema = z.object({ search: searchText });

/** A product as shown on an auction card: enough for the image grid. */
export const AuctionCardProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
});
export type AuctionCardProduct = z.infer<typeof AuctionCardProductSchema>;

/** An auction as listed (list, seller grids, my auctions). Money in pesos, times ISO UTC. */
export const AuctionSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  status: AuctionStatusSchema,
  owner_id: z.number(),
  min_offer: z.number(),
  max_offer: z.number(),
  is_flash: z.boolean(),
  duration: z.number(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /** Aliases of start_time/end_time (clients read either name). */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  created_at: z.string(),
  product_count: z.number(),
  products: z.array(AuctionCardProductSchema),
});
export type AuctionSummary = z.infer<typeof AuctionSummarySchema>;

export const AuctionListResponseSchema = z.object({
  items: z.array(AuctionSummarySchema),
  meta: PageMetaSchema,
  /** The server's clock when it answered, so cards count down in server time. */
  server_time: z.string(),
});
export type AuctionListResponse = z.infer<typeof AuctionListResponseSchema>;

/** A product inside an auction, with its race state. */
export const AuctionProductSchema = z.object({
  id: z.number(),
  auction_id: z.number(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  scale: z.string().nullable(),
  condition: ProductConditionSchema.nullable(),
  grading: GradingSchema.nullable(),
  year: z.number(),
  initial_bid: z.number(),
  highest_bid: z.number(),
  current_bid: z.number(),
  bid_count: z.number(),
  min_offer: z.number(),
  max_offer: z.number(),
  reserve_price: z.number(),
  sell_price: z.number().nullable(),
  can_be_bought: z.boolean(),
  status: z.string(),
  outcome: z.string().nullable(),
  /** The product's own end: the auction's end, moved later by last-minute bids (soft close). */
  end_time: z.string().nullable(),
});
export type AuctionProduct = z.infer<typeof AuctionProductSchema>;

export const AuctionProductsResponseSchema = z.object({
  auction: AuctionSummarySchema,
  products: z.array(AuctionProductSchema),
  server_time: z.string(),
});
export type AuctionProductsResponse = z.infer<typeof AuctionProductsResponseSchema>;

/** GET /api/auctions/get_auction_product_by_id/{productId}: the product auction page. */
export const AuctionProductPageSchema = z.object({
  auction: z.object({
    id: z.number(),
    title: z.string(),
    status: AuctionStatusSchema,
    start_time: z.string().nullable(),
    is_flash: z.boolean(),
  }),
  products: z.array(AuctionProductSchema),
  owner: z.object({
    id: z.number(),
    username: z.string(),
    avatar: z.string().nullable(),
    reputation: ReputationSchema,
  }),
  bids: z.array(BidSchema),
  /** The bid rules and the product's effective end, once (not repeated in `auction`). */
  min_offer: z.number(),
  max_offer: z.number(),
  end_time: z.string().nullable(),
  /** The server's clock when it answered: the client corrects its countdown with it. */
  server_time: z.string(),
});
export type AuctionProductPage = z.infer<typeof AuctionProductPageSchema>;

/** POST /api/bids/create-bid. */
export const PlaceBidInputSchema = z.object({
  amount: wholePesos('Por favor, ingresa un monto válido para la puja'),
  auction_id: z.number({ error: 'La subasta no es válida' }).int().positive().max(2_147_483_647),
  product_id: z.number({ error: 'El producto no es válido' }).int().positive().max(2_147_483_647),
  /** Optional private ceiling (>= amount): the server bids for the user up to it. */
  max_amount: wholePesos('Por favor, ingresa un monto válido para la puja máxima').nullable().optional(),
});
export type PlaceBidInput = z.infer<typeof PlaceBidInputSchema>;

/** The caller's bid, flat, with the product's race state after the whole decision. */
export const PlaceBidResponseSchema = BidSchema.extend({
  ...RaceStateSchema.shape,
  message: z.string(),
});

/** GET/PUT /api/bids/max/{auctionId}/{productId}: the caller's own ceiling. */
export const MaxBidResponseSchema = z.object({ max_amount: z.number().nullable() });
export type MaxBidResponse = z.infer<typeof MaxBidResponseSchema>;
export const MaxBidInputSchema = z.object({
  max_amount: wholePesos('Por favor, ingresa un monto válido para la puja máxima'),
});
export type MaxBidInput = z.infer<typeof MaxBidInputSchema>;
export type PlaceBidResponse = z.infer<typeof PlaceBidResponseSchema>;

/** GET /api/auctions/get_totals. */
export const UserTotalsSchema = z.object({
  total_bids: z.number(),
  total_wins: z.number(),
  total_sales: z.number(),
  active_auctions: z.number(),
});
export type UserTotals = z.infer<typeof UserTotalsSchema>;

export const BID_HISTORY_LIMIT = 100;
