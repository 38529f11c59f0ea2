import { auctionCardsChannel } from './auction-cards-channel.ts';
import { notificationsChannel } from './notifications-channel.ts';
import { productBidsChannel } from './product-bids-channel.ts';

/**
 * The WebSocket channels, declared once for the server's routes and the web client: the
 * path, the URL a client opens, and the messages each side sends (`clientFirst`: the one message
 * a client sends; `server`: what the server sends). Each is also its own module, so a client of
 * one does not load the other's schemas.
 */
export const liveChannels = {
  productBids: productBidsChannel,
  notifications: notificationsChannel,
  auctionCards: auctionCardsChannel,
} as const;
