import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.test-support.ts';
import { openCardPrices } from './live-cards-socket.ts';

const card = (productId: number, price: number, bidCount: number) => ({
  message: 'card',
  auction_id: 7,
  product_id: productId,
  price,
  highest_bid: price,
  bid_count: bidCount,
  end_time: null,
});
const ref = (productId: number) => ({ auction_id: 7, product_id: productId });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the card prices socket', () => {
  it('subscribes what is wanted once open, several per message, and says when each is in force or let go', () => {
    const onCard = vi.fn();
    const onConfirmed = vi.fn();
    const live = openCardPrices({ onCard, onConfirmed });
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toMatch(/\/auctions\/api\/bids\/ws\/cards$/);
    live.want(['7:1', '7:2']);
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe', products: [ref(1), ref(2)] }]);

    socket.receive(card(1, 500, 0));
    socket.receive({ message: 'watching', count: 2, max: 100 });
    expect(onCard).toHaveBeenCalledWith(card(1, 500, 0));
    expect(onConfirmed).toHaveBeenCalledWith('7:1', true);
    // Anything not matching the channel's messages is dropped.
    socket.receive({ message: 'card', auction_id: 7, product_id: 1, price: 'x' });
    socket.receive(card(99, 1, 1)); // not wanted
    expect(onCard).toHaveBeenCalledTimes(1);

    live.unwant(['7:1']);
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', products: [ref(1)] });
    expect(onConfirmed).not.toHaveBeenCalledWith('7:1', false);
    socket.receive({ message: 'watching', count: 1, max: 100 });
    expect(onConfirmed).toHaveBeenLastCalledWith('7:1', false);
    live.close();
  });

  it('after a reconnect subscribes the whole wanted set again and asks to resynchronise', () => {
    const onResync = vi.fn();
    const onConfirmed = vi.fn();
    const live = openCardPrices({ onCard: () => {}, onConfirmed, onResync });
    FakeSocket.all[0]!.open();
    live.want(['7:1']);
    live.want(['7:1', '7:3']); // one already wanted: only the new one goes
    expect(FakeSocket.all[0]!.sent).toEqual([
      { type: 'subscribe', products: [ref(1)] },
      { type: 'subscribe', products: [ref(3)] },
    ]);
    FakeSocket.all[0]!.receive(card(1, 500, 0));
    FakeSocket.all[0]!.drop();
    vi.advanceTimersByTime(2000);
    const again = FakeSocket.all[1]!;
    again.open();
    expect(onConfirmed).toHaveBeenLastCalledWith('7:1', false);
    expect(again.sent).toEqual([{ type: 'subscribe', products: [ref(1), ref(3)] }]);
    expect(onResync).toHaveBeenCalledTimes(1);
    live.close();
  });
});
