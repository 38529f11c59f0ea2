import net from 'node:net';

export const REDIS_TARGET = { host: '127.0.0.1', port: 6379 };

/** Whether something answers TCP at host:port within a second. */
export function reachable(target: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The PostgreSQL server of TEST_DATABASE_URL, when this run is the PostgreSQL pass. */
export function postgresTarget(): { host: string; port: number } | undefined {
  if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) };
}

/** Runs `fn` and tells how long it took, in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
