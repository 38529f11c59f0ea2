import { ProductBidsMessageSchema } from '../auctions/auction.schemas.ts';
import {
  NotificationSocketAuthSchema,
  NotificationSocketMessageSchema,
} from '../notifications/notification.schemas.ts';

/**
 * The two WebSocket channels, declared once for the server's routes and the web client: the
 * path, the URL a client opens, and the messages each side sends (`clientFirst`: the one message
 * a client sends; `server`: what the server sends).
 */
export const liveChannels = {
  /** Every accepted bid on one product, to anyone watching it, after a first `subscribed`. */
  productBids: {
    path: '/auctions/api/bids/ws/bids/:auctionId/:productId',
    url: (auctionId: number | string, productId: number | string) =>
      `/auctions/api/bids/ws/bids/${encodeURIComponent(auctionId)}/${encodeURIComponent(productId)}`,
    server: ProductBidsMessageSchema,
  },
  /** One user's notifications, after a first `{"type":"auth","token"}` message. */
  notifications: {
    path: '/api/notifications/ws',
    url: () => '/api/notifications/ws',
    clientFirst: NotificationSocketAuthSchema,
    server: NotificationSocketMessageSchema,
  },
} as const;
