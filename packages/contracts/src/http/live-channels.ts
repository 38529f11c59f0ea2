/**
 * The two WebSocket channels, declared once for the server's routes and the web client. Their
 * messages: `LiveBidMessage` (every accepted bid on a product) and `NotificationSocketMessage`
 * (the user's notifications, after a first `{"type":"auth","token"}` message).
 */
export const liveChannels = {
  productBids: {
    path: '/auctions/api/bids/ws/bids/:auctionId/:productId',
    url: (auctionId: number | string, productId: number | string) =>
      `/auctions/api/bids/ws/bids/${encodeURIComponent(auctionId)}/${encodeURIComponent(productId)}`,
  },
  notifications: {
    path: '/api/notifications/ws',
    url: () => '/api/notifications/ws',
  },
} as const;
