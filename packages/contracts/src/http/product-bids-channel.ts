import { ProductBidsMessageSchema } from '../auctions/live-bids.schemas.ts';

/** Every accepted bid on one product, to anyone watching it, after a first `subscribed`. */
export const productBidsChannel = {
  path: '/auctions/api/bids/ws/bids/:auctionId/:productId',
  url: (auctionId: number | string, productId: number | string) =>
    `/auctions/api/bids/ws/bids/${encodeURIComponent(auctionId)}/${encodeURIComponent(productId)}`,
  /** What the server sends. */
  server: ProductBidsMessageSchema,
} as const;
