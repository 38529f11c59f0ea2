import { describe, expect, it } from 'vitest';
import { liveChannels } from './live-channels.ts';

describe('live channel declarations', () => {
  it('build the URL a client opens from the same path the server registers', () => {
    expect(liveChannels.productBids.url(7, 3)).toBe('/auctions/api/bids/ws/bids/7/3');
    expect(liveChannels.productBids.path.replace(':auctionId', '7').replace(':productId', '3')).toBe(
      liveChannels.productBids.url(7, 3),
    );
    expect(liveChannels.productBids.url('../x', 3)).toBe('/auctions/api/bids/ws/bids/..%2Fx/3');
  });

  it('declare the bid message: one flat bid and the race state', () => {
    const message = {
      message: 'new_bid',
      bid: {
        id: 1,
        amount: 500,
        timestamp: '2026-01-01T00:00:00.000Z',
        username: 'ana',
        avatar: null,
        auto: false,
      },
      auction_id: 7,
      product_id: 3,
      highest_bid: 500,
      bid_count: 1,
      end_time: null,
    };
    expect(liveChannels.productBids.server.parse(message)).toEqual(message);
    expect(liveChannels.productBids.server.safeParse({ ...message, bid: { id: 1 } }).success).toBe(false);
    // The first message, once the subscription is in force.
    expect(liveChannels.productBids.server.parse({ message: 'subscribed', bid_count: 4 })).toEqual({
      message: 'subscribed',
      bid_count: 4,
    });
    expect(liveChannels.productBids.server.safeParse({ message: 'subscribed', bid_count: -1 }).success).toBe(
      false,
    );
    expect(liveChannels.productBids.server.safeParse({ message: 'other', bid_count: 1 }).success).toBe(false);
  });

  it('declare the notifications first message and what the server sends', () => {
    const { clientFirst, server } = liveChannels.notifications;
    expect(clientFirst.safeParse({ type: 'auth', token: 'abc' }).success).toBe(true);
    expect(clientFirst.safeParse({ type: 'auth', token: '' }).success).toBe(false);
    expect(clientFirst.safeParse({ type: 'auth', token: 'x'.repeat(5000) }).success).toBe(false);
    expect(clientFirst.safeParse({ token: 'abc' }).success).toBe(false);
    expect(server.safeParse({ message: 'unread_count', total: 2 }).success).toBe(true);
    expect(server.safeParse({ message: 'read', id: null }).success).toBe(true);
    expect(server.safeParse({ message: 'unread_count', total: '2' }).success).toBe(false);
    expect(server.safeParse({ message: 'something_else' }).success).toBe(false);
  });
});
