import { commonMessages, QUESTIONS_PER_HOUR } from '@app/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Bursts above what a person does get 429 (Spanish envelope). Per account where an attacker
 * holds a token (each guess or bid costs work: scrypt, a row lock, a call to Bold), per address
 * where nobody is logged in. Counters are per process: behind a load balancer each process
 * allows the same burst, which still bounds abuse to a small multiple. Each route counts on its
 * own (the two socket routes, bank-account create and update), so a kind of action spread over
 * two routes gets at most twice its limit.
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

/** Registers the limiter (before any route); with RATE_LIMIT=0 the routes' limits are inert. */
export async function registerRateLimits(app: FastifyInstance, enabled: boolean): Promise<void> {
  if (!enabled) return;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', context.statusCode, commonMessages.tooManyRequests),
  });
}
