/**
 * A WebSocket on the app's own origin that reconnects with exponential backoff (1 s doubling up
 * to 30 s, with jitter). `onOpen` gets `reconnected = true` after a drop, so callers can reload
 * what they may have missed. `onResync` is called when the tab becomes visible again while the
 * socket is open: a background tab may have been frozen, and live messages can be lost while the
 * server's event fan-out (Redis) is away, so what is on screen is reloaded rather than trusted.
 * The server pings; browsers answer pings by themselves.
 */
export interface LiveSocket {
  close(): void;
  /** Sends `message` as JSON when the socket is open; false when it is not (nothing is queued). */
  send(message: unknown): boolean;
}

function wsUrl(path: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${path}`;
}

export function openLiveSocket(
  path: string,
  handlers: {
    onMessage(data: unknown): void;
    onOpen?(reconnected: boolean): void;
    /** The page became visible again with the socket open: reload what may have been missed. */
    onResync?(): void;
    onStatus?(status: 'connecting' | 'open' | 'closed'): void;
    /**
     * Sent as JSON as soon as each connection opens, before anything else: how a socket
     * authenticates, since credentials never go in its URL (logs and proxies keep URLs).
     */
    firstMessage?(): unknown;
    /** Close codes after which reconnecting is pointless (e.g. 4401 unauthorized). */
    fatalCodes?: number[];
    /** Called when the socket closed with one of `fatalCodes` and will not reconnect. */
    onFatal?(code: number): void;
  },
): LiveSocket {
  let socket: WebSocket | null = null;
  let attempts = 0;
  let opened = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    if (stopped) return;
    handlers.onStatus?.('connecting');
    const ws = new WebSocket(wsUrl(path));
    socket = ws;
    ws.onopen = () => {
      if (handlers.firstMessage) ws.send(JSON.stringify(handlers.firstMessage()));
      handlers.onStatus?.('open');
      handlers.onOpen?.(opened);
      opened = true;
      attempts = 0;
    };
    ws.onmessage = (event) => {
      try {
        handlers.onMessage(JSON.parse(String(event.data)));
      } catch {
        // not JSON: ignore
      }
    };
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      handlers.onStatus?.('closed');
      if (stopped) return;
      if (handlers.fatalCodes?.includes(event.code)) {
        stopped = true; // not even when the browser comes back online
        window.removeEventListener('online', retryNow);
        handlers.onFatal?.(event.code);
        return;
      }
      const delay = Math.min(30_000, 1000 * 2 ** attempts) * (0.75 + Math.random() * 0.5);
      attempts += 1;
      timer = setTimeout(connect, delay);
    };
  };

  // Coming back online or to the tab: try at once instead of waiting out the backoff.
  const retryNow = () => {
    if (stopped || socket) return;
    clearTimeout(timer);
    attempts = 0;
    connect();
  };
  window.addEventListener('online', retryNow);
  const onVisible = () => {
    if (stopped || document.visibilityState !== 'visible') return;
    if (socket?.readyState === WebSocket.OPEN) handlers.onResync?.();
    else if (!socket) retryNow();
  };
  document.addEventListener('visibilitychange', onVisible);
  connect();

  return {
    send(message) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', onVisible);
      socket?.close();
      socket = null;
    },
  };
}
