import { timingSafeEqual } from 'node:crypto';
import { commonErrorCodes, commonMessages } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context.ts';
import { errorBody } from './errors.ts';
import { REPLAYED_HEADER } from './idempotency.ts';

const BID_ROUTE = '/api/bids/create-bid';

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
  }
}

/**
 * `GET /metrics`: Prometheus text for operators. Who may read it:
 * - a client on this machine (loopback address) that did not come through a proxy (a request with
 *   `X-Forwarded-For`/`Forwarded` was relayed, so its loopback address says nothing about who sent it);
 * - anyone sending `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set.
 * Everyone else gets 404 when no token is configured (the endpoint does not exist for them), or
 * 401 when one is (so a scraper with a wrong token is told so).
 *
 * One registry per app instance, so several instances in one process (tests) keep their own counts.
 */
/** The counts an outbox table reports: waiting, waiting after a failed attempt, given up. */
export interface OutboxCounts {
  pending: number;
  retrying: number;
  failed: number;
}

/**
 * `/metrics` gauges of one outbox (e-mail, pushes), read from its table so every process shows
 * the same queue whichever one sends it. One query per scrape: the registry starts every gauge's
 * collect before awaiting any, so the gauges share the query in flight.
 */
export function registerOutboxGauges(
  registry: Registry,
  read: () => Promise<OutboxCounts>,
  gauges: ReadonlyArray<readonly [name: string, help: string, key: keyof OutboxCounts]>,
): void {
  let counting: Promise<OutboxCounts> | undefined;
  const counts = () => {
    counting ??= read().finally(() => {
      counting = undefined;
    });
    return counting;
  };
  for (const [name, help, key] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set((await counts())[key]);
      },
    });
  }
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const register = new Registry();
  register.setDefaultLabels({ app: 'coleccionables' });
  // Modules add their own figures (the e-mail queue) without the platform knowing them.
  app.decorate('metricsRegistry', register);
  collectDefaultMetrics({ register });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern (not the raw URL), method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [register],
  });
  const bidsAccepted = new Counter({
    name: 'bids_accepted_total',
    help: 'Bids placed through the API and accepted.',
    registers: [register],
  });
  const bidsRejected = new Counter({
    name: 'bids_rejected_total',
    help: 'Bids placed through the API and refused by a rule (too low, auction not active, own product…), by status.',
    labelNames: ['status_code'] as const,
    registers: [register],
  });
  new Gauge({
    name: 'websocket_connections',
    help: 'Open live WebSocket connections (bids and notifications) on this process.',
    registers: [register],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  const startedAt = Date.now();
  new Gauge({
    name: 'jobs_lag_seconds',
    help: 'Seconds since the timed-job loop last completed a pass (auction starts and closes, payment expiries); grows while jobs are paused or stuck.',
    registers: [register],
    collect() {
      const last = ctx.jobs.stats().lastSuccessAt ?? startedAt;
      this.set((Date.now() - last) / 1000);
    },
  });
  new Gauge({
    name: 'jobs_paused',
    help: '1 while the timed-job loop waits for the database to come back.',
    registers: [register],
    collect() {
      this.set(ctx.jobs.stats().paused ? 1 : 0);
    },
  });
  new Gauge({
    name: 'jobs_failures',
    help: 'Timed-job runs that failed since start.',
    registers: [register],
    collect() {
      this.set(ctx.jobs.stats().failures);
    },
  });
  if (ctx.events.stats) {
    const stats = () => ctx.events.stats!();
    new Gauge({
      name: 'live_events_published',
      help: 'Live events handed to Redis since start.',
      registers: [register],
      collect() {
        this.set(stats().published);
      },
    });
    new Gauge({
      name: 'live_events_dropped',
      help: 'Live events given up since start (Redis away too long or the queue full); clients resynchronise.',
      registers: [register],
      collect() {
        this.set(stats().dropped);
      },
    });
    new Gauge({
      name: 'live_events_queued',
      help: 'Live events waiting for Redis.',
      registers: [register],
      collect() {
        this.set(stats().queued);
      },
    });
    new Gauge({
      name: 'redis_connected',
      help: '1 while both Redis connections (publish and subscribe) are up.',
      registers: [register],
      collect() {
        this.set(stats().connected ? 1 : 0);
      },
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requestDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    // A retry answered from its key's stored answer placed nothing: not counted again.
    if (route === BID_ROUTE && request.method === 'POST' && !reply.hasHeader(REPLAYED_HEADER)) {
      if (status === 201) bidsAccepted.inc();
      else if ([400, 403, 404, 409].includes(status)) bidsRejected.inc({ status_code: String(status) });
    }
    done();
  });

  const token = ctx.config.METRICS_TOKEN;
  app.get('/metrics', async (request, reply) => {
    if (!isDirectLoopback(request) && !(token && bearerMatches(request, token))) {
      if (token)
        return reply.status(401).send(errorBody(commonErrorCodes.unauthorized, commonMessages.unauthorized));
      return reply.status(404).send(errorBody(commonErrorCodes.notFound, commonMessages.notFound));
    }
    reply.header('content-type', register.contentType);
    reply.header('cache-control', 'no-store');
    return register.metrics();
  });
}

function isDirectLoopback(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)
    return false;
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
