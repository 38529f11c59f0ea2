import { describe, expect, it } from 'vitest';
import { liveChannels } from '../http/live-channels.ts';
import { CARD_SUBSCRIPTIONS_MAX, readCardsServerMessage } from './live-cards.messages.ts';

const card = {
  message: 'card',
  auction_id: 7,
  product_id: 3,
  price: 5000,
  highest_bid: 5000,
  bid_count: 2,
  end_time: '2026-01-01T00:00:00.000Z',
};

describe('card prices channel', () => {
  it('reads by hand exactly what its schema accepts', () => {
    const samples: unknown[] = [
      card,
      { ...card, end_time: null },
      { ...card, bid_count: 0, highest_bid: 0, price: 300 },
      { message: 'watching', count: 3, max: CARD_SUBSCRIPTIONS_MAX },
      { ...card, auction_id: 0 },
      { ...card, product_id: 1.5 },
      { ...card, bid_count: -1 },
      { ...card, price: '5000' },
      { ...card, end_time: 5 },
      { ...card, highest_bid: undefined },
      { message: 'watching', count: -1, max: 100 },
      { message: 'watching', count: 1 },
      { message: 'new_bid' },
      null,
      'card',
      [],
    ];
    for (const sample of samples) {
      const schema = liveChannels.auctionCards.server.safeParse(sample);
      expect(readCardsServerMessage(sample), JSON.stringify(sample)).toEqual(
        schema.success ? schema.data : null,
      );
    }
  });

  it('takes several products per client message, up to the cap, and nothing else', () => {
    const client = liveChannels.auctionCards.client;
    const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ auction_id: 1, product_id: i + 1 }));
    expect(client.safeParse({ type: 'subscribe', products: refs(CARD_SUBSCRIPTIONS_MAX) }).success).toBe(
      true,
    );
    expect(client.safeParse({ type: 'unsubscribe', products: refs(1) }).success).toBe(true);
    expect(client.safeParse({ type: 'subscribe', products: refs(CARD_SUBSCRIPTIONS_MAX + 1) }).success).toBe(
      false,
    );
    expect(client.safeParse({ type: 'subscribe', products: [] }).success).toBe(false);
    expect(client.safeParse({ type: 'subscribe', products: refs(1), extra: 1 }).success).toBe(false);
    expect(
      client.safeParse({ type: 'subscribe', products: [{ auction_id: 1, product_id: 2, x: 1 }] }).success,
    ).toBe(false);
    expect(liveChannels.auctionCards.url()).toBe(liveChannels.auctionCards.path);
  });
});
