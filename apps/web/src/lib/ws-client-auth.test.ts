import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.test-support.ts';
import { openLiveSocket } from './ws-client.ts';

describe('openLiveSocket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the first message on every open, before the caller hears of it', () => {
    const order: string[] = [];
    const socket = openLiveSocket('/api/notifications/ws', {
      firstMessage: () => ({ type: 'auth', token: 't0k' }),
      onMessage: () => {},
      onOpen: () => order.push(`open after ${FakeSocket.all.at(-1)!.sent.length} sent`),
    });
    const first = FakeSocket.all[0]!;
    expect(first.url).toBe(`ws://${window.location.host}/api/notifications/ws`);
    expect(first.url).not.toContain('t0k');
    first.onopen!();
    expect(first.sent).toEqual([{ type: 'auth', token: 't0k' }]);
    expect(order).toEqual(['open after 1 sent']);

    // A drop reconnects and authenticates again.
    first.onclose!({ code: 1006 });
    vi.advanceTimersByTime(2000);
    const second = FakeSocket.all[1]!;
    second.onopen!();
    expect(second.sent).toEqual([{ type: 'auth', token: 't0k' }]);
    socket.close();
  });

  it('does not reconnect after a fatal close code, and reports it once', () => {
    const onFatal = vi.fn();
    openLiveSocket('/api/notifications/ws', { onMessage: () => {}, fatalCodes: [4401], onFatal });
    FakeSocket.all[0]!.onopen!();
    FakeSocket.all[0]!.onclose!({ code: 4401 });
    vi.advanceTimersByTime(120_000);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(1);
    expect(onFatal).toHaveBeenCalledExactlyOnceWith(4401);
  });
});
