import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.test-support.ts';
import { openLiveSocket } from './ws-client.ts';

let visibility: 'visible' | 'hidden' = 'visible';
const setVisibility = (value: 'visible' | 'hidden') => {
  visibility = value;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  visibility = 'visible';
});

describe('openLiveSocket resynchronisation', () => {
  it('asks to reload when the tab becomes visible again with the socket open', () => {
    const onResync = vi.fn();
    const onOpen = vi.fn();
    const live = openLiveSocket('/x', { onMessage: () => {}, onOpen, onResync });
    FakeSocket.all[0]!.open();
    expect(onOpen).toHaveBeenLastCalledWith(false);
    setVisibility('hidden');
    expect(onResync).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(onResync).toHaveBeenCalledTimes(1);
    live.close();
    setVisibility('visible');
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('reconnects at once when the tab becomes visible while waiting out the backoff, and reports the reconnect', () => {
    const onOpen = vi.fn();
    const live = openLiveSocket('/x', { onMessage: () => {}, onOpen });
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop();
    expect(FakeSocket.all).toHaveLength(1);
    setVisibility('visible');
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    expect(onOpen).toHaveBeenLastCalledWith(true);
    live.close();
  });
});
