import net from 'node:net';

/**
 * A TCP proxy between the server and one of its dependencies (PostgreSQL, Redis), able to
 * imitate what happens to them in production:
 *
 * - `cut()`: every open connection is destroyed and new ones are refused (the listening socket is
 *   closed), like a restart, a failover or a network cut.
 * - `reset()`: every open connection is destroyed, and new ones are accepted and closed at once,
 *   like a load balancer or a port forward in front of a dependency that is down.
 * - `stall()`: connections stay open and new ones are accepted, but nothing is forwarded either
 *   way (bytes are held), like a paused process (`SIGSTOP`, `docker pause`) or a saturated host.
 * - `restore()`: back to normal; after a stall, what was held is delivered, like `SIGCONT`.
 */
export interface FaultProxy {
  readonly port: number;
  /** The dependency's URL with its host and port replaced by the proxy's. */
  url(targetUrl: string): string;
  cut(): Promise<void>;
  reset(): void;
  stall(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
  /** Connections currently open through the proxy. */
  readonly connections: number;
}

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
  upstreamConnected: boolean;
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let state: 'open' | 'stalled' | 'cut' | 'reset' = 'open';
  const pairs = new Set<Pair>();

  const destroy = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  const flush = (pair: Pair) => {
    if (state !== 'open') return;
    if (pair.upstreamConnected) {
      for (const chunk of pair.toUpstream.splice(0)) pair.upstream!.write(chunk);
    }
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
  };

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target);
    pair.upstream = upstream;
    upstream.setNoDelay(true);
    upstream.on('connect', () => {
      pair.upstreamConnected = true;
      flush(pair);
    });
    upstream.on('data', (chunk) => {
      if (state === 'open') pair.client.write(chunk);
      else pair.toClient.push(chunk);
    });
    upstream.on('close', () => destroy(pair));
    upstream.on('error', () => destroy(pair));
  };

  const server = net.createServer((client) => {
    if (state === 'cut' || state === 'reset') {
      client.destroy();
      return;
    }
    client.setNoDelay(true);
    const pair: Pair = { client, upstreamConnected: false, toUpstream: [], toClient: [] };
    pairs.add(pair);
    client.on('data', (chunk) => {
      if (state === 'open' && pair.upstreamConnected) pair.upstream!.write(chunk);
      else pair.toUpstream.push(chunk);
    });
    client.on('close', () => destroy(pair));
    client.on('error', () => destroy(pair));
    if (state === 'open') connectUpstream(pair);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  return {
    port,
    get connections() {
      return pairs.size;
    },
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async cut() {
      state = 'cut';
      const closing = stopListening();
      for (const pair of [...pairs]) destroy(pair);
      await closing;
    },
    reset() {
      state = 'reset';
      for (const pair of [...pairs]) destroy(pair);
    },
    stall() {
      if (state === 'open') state = 'stalled';
    },
    async restore() {
      if (state === 'cut') await listen(port);
      state = 'open';
      for (const pair of [...pairs]) {
        if (!pair.upstream) connectUpstream(pair);
        else flush(pair);
      }
    },
    async close() {
      state = 'cut';
      const closing = stopListening();
      for (const pair of [...pairs]) destroy(pair);
      await closing;
    },
  };
}
