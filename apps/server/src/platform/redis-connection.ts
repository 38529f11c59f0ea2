import type { Redis } from 'ioredis';

/** Channels are prefixed with `{namespace}:` so several apps (or test runs) can share one Redis. */
const DEFAULT_REDIS_NAMESPACE = 'coleccionables';

/**
 * Waits (at most `ms`) for a connection that is being made right now, so that a subscription made
 * just after start-up is in place when `subscribe` returns; a connection that is down is not waited for.
 */
export function whenReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  if (client.status !== 'connecting' && client.status !== 'connect') return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(value);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.once('ready', onReady);
  });
}

/**
 * ioredis can end up 'ready' on a socket that is already closed (seen when something in front of
 * Redis accepts connections and drops them at once), and then never reconnects by itself.
 */
export const isDead = (client: Redis) => client.status === 'ready' && !client.stream?.writable;

/** Closes a client: politely when it is connected, at once otherwise. */
export async function quit(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  // QUIT on a stalled server would wait for its command timeout; that is as long as closing takes.
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

/** Takes a `namespace` query parameter off the URL (ioredis would not know it). */
export function splitNamespace(url: string, override?: string): { redisUrl: string; namespace: string } {
  const parsed = new URL(url);
  const fromUrl = parsed.searchParams.get('namespace');
  parsed.searchParams.delete('namespace');
  const namespace = override ?? (fromUrl || DEFAULT_REDIS_NAMESPACE);
  return { redisUrl: parsed.toString(), namespace };
}
