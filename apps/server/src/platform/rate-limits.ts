import { commonMessages, QUESTIONS_PER_HOUR } from '@app/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';
import { splitNamespace } from './redis-connection.ts';

/**
 * Bursts above what a person does get 429 (Spanish envelope). Per account where an attacker
 * holds a token (each guess or bid costs work: scrypt, a row lock, a call to Bold), per address
 * where nobody is logged in. With REDIS_URL the counters live in Redis, so several processes
 * behind a load balancer share one budget per account or address; without it they live in the
 * process. Each route counts on its own (the two socket routes, bank-account create and update),
 * so a kind of action spread over two routes gets at most twice its limit.
 */
interface Limit {
  max: number;
  timeWindow: number;
}

const MINUTE = 60_000;

export const limits = {
  bid: { max: 30, timeWindow: MINUTE },
  passwordChange: { max: 5, timeWindow: 15 * MINUTE },
  paymentVerification: { max: 30, timeWindow: MINUTE },
  bankAccountChange: { max: 5, timeWindow: 60 * MINUTE },
  search: { max: 60, timeWindow: MINUTE },
  login: { max: 20, timeWindow: MINUTE },
  socketConnection: { max: 30, timeWindow: MINUTE },
  question: { max: QUESTIONS_PER_HOUR, timeWindow: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** Route config limiting each account (runs after the route's authentication, so userId is known). */
export function perAccount(limit: Limit) {
  return {
    rateLimit: {
      ...limit,
      keyGenerator: (request: FastifyRequest) => `user:${request.userId ?? request.ip}`,
    },
  };
}

/** Route config limiting each client address (as trusted through TRUST_PROXY). */
export function perAddress(limit: Limit) {
  return {
    rateLimit: {
      ...limit,
      keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
    },
  };
}

/**
 * How long a request waits for Redis to count it before it is let through uncounted. Counting is
 * one tiny script that a healthy Redis runs in well under a millisecond; a Redis that is away or
 * stalled must cost a request no more than this (and fails at once while disconnected).
 */
const RATE_LIMIT_REDIS_TIMEOUT_MS = 300;

/**
 * Registers the limiter (before any route); with RATE_LIMIT=0 the routes' limits are inert. With
 * a Redis URL the counts are shared by every process through Redis. When Redis fails (away,
 * stalled, refusing) the request is answered as if it had not been counted (fail open): a limit
 * against abuse must not take the site down with it, and the failed-login throttle, kept in the
 * database, still holds meanwhile.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  enabled: boolean,
  redisUrl?: string,
): Promise<void> {
  if (!enabled) return;
  const redis = redisUrl ? openCounterConnection(app, redisUrl) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: redis.prefix, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', context.statusCode, commonMessages.tooManyRequests),
  });
}

/** A connection of its own for the counters (the event bus's are busy with pub/sub and its queue). */
function openCounterConnection(app: FastifyInstance, url: string) {
  const { redisUrl, namespace } = splitNamespace(url);
  const client = new Redis(redisUrl, {
    // Never queue a count while disconnected, never retry one: fail at once, let the request by.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
    connectTimeout: 2_000,
    // The ready check's INFO has no timeout of its own and could hang on a stalled server.
    enableReadyCheck: false,
    keepAlive: 10_000,
    connectionName: `${namespace}-rate-limit`,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 2_000),
  });
  // Logged once per kind of failure, not once per reconnect attempt (nor per request).
  let lastError: string | undefined;
  client.on('error', (err: Error) => {
    if (lastError === err.message) return;
    lastError = err.message;
    app.log.warn({ err }, 'rate limit counters: redis unavailable, requests pass uncounted');
  });
  client.on('ready', () => {
    if (lastError !== undefined) app.log.info('rate limit counters: redis connection restored');
    lastError = undefined;
  });
  app.addHook('onClose', async () => {
    client.disconnect();
  });
  return { client, prefix: `${namespace}:rate-limit:` };
}
