import { commonErrorCodes, commonMessages } from '@app/contracts';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import { auctionsRoutes } from './modules/auctions/auctions.routes.ts';
import { pageHints } from './modules/auctions/auctions.service.ts';
import { banksRoutes } from './modules/banks/banks.routes.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { claimsRoutes } from './modules/claims/claims.routes.ts';
import { countOpenClaims } from './modules/claims/claims.service.ts';
import { followsRoutes } from './modules/follows/follows.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { operatorRoutes, registerOperatorGuard } from './modules/operator/operator.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { testModeBanner } from './modules/payments/test-mode.ts';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { questionsRoutes } from './modules/questions/questions.routes.ts';
import { questionReportTarget } from './modules/questions/questions.service.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes.ts';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { testClockRoutes } from './modules/test-clock/test-clock.routes.ts';
import { trustRoutes } from './modules/trust/trust.routes.ts';
import { accountRecoveryRoutes } from './modules/users/account-recovery.routes.ts';
import { passkeysRoutes } from './modules/users/passkeys.routes.ts';
import { twoFactorRoutes } from './modules/users/two-factor.routes.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.ts';
import { announceWrites } from './platform/announce-writes.ts';
import { createAuth, resolveJwtSecret } from './platform/auth.ts';
import { bodyLimits } from './platform/body-limits.ts';
import { createClock } from './platform/clock.ts';
import {
  clientErrorHandler,
  closeKeptAliveConnectionsOnClose,
  REQUEST_TIMEOUT_MS,
  trustProxyOption,
} from './platform/connections.ts';
import type { AppContext } from './platform/context.ts';
import {
  type DatabaseHandle,
  embeddedDatabaseIsNew,
  openDatabase,
  REQUEST_POOL_LIMITS,
} from './platform/db.ts';
import { type UndeclaredErrorCode, watchErrorCodes } from './platform/error-codes.ts';
import { AppError, errorBody, registerErrorHandler } from './platform/errors.ts';
import { channels } from './platform/events.ts';
import { createEventBus } from './platform/events-redis.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { createJobRunner } from './platform/jobs.ts';
import { exceedsJsonShape } from './platform/json-body.ts';
import { type LogStream, loggerOptions } from './platform/logging.ts';
import { registerMetrics } from './platform/metrics.ts';
import { migrateToLatest } from './platform/migrate.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerRateLimits } from './platform/rate-limits.ts';
import { readFreshness } from './platform/read-cache.ts';
import { keepRenderedPages } from './platform/rendered-pages.ts';
import { useEndpointSchemas } from './platform/routes.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { loadServerRender } from './platform/server-render.ts';
import { registerWebApp } from './platform/static.ts';
import { seedDemo, startDemoSeedWork } from './seed/index.ts';

export interface BuildOptions {
  /** Loop interval for timed work; 0 disables the loop (tests drive it with the test clock). */
  jobIntervalMs?: number;
  /**
   * A database already open (the API tests hand each app one they reset between apps instead of
   * opening a new one); the app closes it through its own `close` when the app closes.
   */
  database?: DatabaseHandle;
  /** Called with every route as it is registered (tests walk them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** How long one request may take to arrive whole (tests shorten it). */
  requestTimeoutMs?: number;
  /**
   * Told of every error answer whose code its route does not declare (the API tests fail on
   * them). Outside production such answers are logged as warnings when no one is told.
   */
  onUndeclaredErrorCode?: (undeclared: UndeclaredErrorCode) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The embedded database's backup reader (platform/embedded-backup.ts); undefined on PostgreSQL. */
    embeddedSnapshot: DatabaseHandle['embeddedSnapshot'];
  }
}

/** Assembles the whole server: what `server.ts` listens with and what tests start. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    bodyLimit: bodyLimits.default,
    requestTimeout,
    // Node looks for late requests on this interval: a quarter of the limit (at most 30 s, its
    // default), so a late request is cut within 1.25 times the limit.
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 4)),
    },
    clientErrorHandler,
    // Malformed URLs and over-long path parameters get the same Spanish envelope as every error
    // (a parameter longer than the router's limit names nothing that exists: 404).
    frameworkErrors: (error, _request, reply) => {
      const plain = reply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        plain.status(404).send(errorBody(commonErrorCodes.notFound, commonMessages.notFound));
      else plain.status(400).send(errorBody(commonErrorCodes.invalidInput, commonMessages.invalidInput));
    },
    // Only the configured hops or proxy addresses, never everyone: otherwise X-Forwarded-For
    // would let any client pick its own address.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  });

  // A JSON content type with no body is read as no body (Fastify's own parser answers 400):
  // clients that label every request as JSON can call the routes whose input is their path. A
  // body too deep or with too many values to parse in a moment is refused unparsed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length === 0) done(null, undefined);
    else if (exceedsJsonShape(text))
      done(new AppError(commonErrorCodes.invalidInput, 400, commonMessages.invalidInput));
    else parseJson(request, text, done);
  });

  // A new embedded database seeded with the demo data: the seed's hashes and pictures are made
  // while the database is created and migrated (one thread), on the cores that leave idle.
  const seedWork =
    config.SEED_DEMO && !config.DATABASE_URL && !options.database && embeddedDatabaseIsNew(config.dataDir)
      ? startDemoSeedWork(config)
      : undefined;
  if (config.DATABASE_URL) {
    // Migrations may run longer than any request may wait: on a pool of their own, unbounded.
    const migrating = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    try {
      await migrateToLatest(migrating.db);
    } finally {
      await migrating.close();
    }
  }
  const { db, kind, pipeline, close, embeddedSnapshot } =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      limits: REQUEST_POOL_LIMITS,
      log: (level, msg, err) => app.log[level]({ err }, msg),
    }));
  if (!config.DATABASE_URL) await migrateToLatest(db);

  const clock = createClock(config.TEST_CLOCK);
  const auth = createAuth(resolveJwtSecret(config.JWT_SECRET, config.dataDir), clock, (id, sessionId) =>
    usersRepository.findSessionInfo(db, id, sessionId),
  );
  const events = createEventBus(config, app.log);
  // Another process ended one or all of an account's sessions: stop trusting the cache. Not
  // awaited: with Redis away at start the subscription is made when it comes back.
  void events
    .subscribe(channels.sessionsEnded, (payload) => {
      const userId = (payload as { user_id?: unknown } | null)?.user_id;
      if (typeof userId === 'number') auth.forgetSessions(userId);
    })
    .catch((err) => app.log.warn({ err }, 'could not subscribe to ended sessions'));
  const jobs = createJobRunner(clock, app.log);
  const ctx: AppContext = { config, db, dbKind: kind, pipeline, clock, auth, events, jobs, log: app.log };
  announceWrites(app, ctx);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.decorate('ctx', ctx);
  app.decorate('embeddedSnapshot', embeddedSnapshot);

  registerSecurityHeaders(app);
  // Before the websocket plugin's own preClose (hooks run in order): live sockets are told the
  // server is going away (1001), so clients reconnect, elsewhere if there is another process. Not
  // awaited, so the listening socket closes at once; the server's close then waits for these
  // sockets too, and a peer that does not complete the closing handshake within 2 s is dropped.
  app.addHook('preClose', async () => {
    const clients = [...(app.websocketServer?.clients ?? [])];
    for (const client of clients) client.close(1001, 'server shutting down');
    if (clients.length > 0) {
      setTimeout(() => {
        for (const client of clients) if (client.readyState !== client.CLOSED) client.terminate();
      }, 2_000).unref();
    }
  });
  closeKeptAliveConnectionsOnClose(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerRateLimits(app, config.RATE_LIMIT, config.REDIS_URL);
  registerErrorHandler(app);
  const onUndeclared =
    options.onUndeclaredErrorCode ??
    (config.NODE_ENV === 'production'
      ? undefined
      : (undeclared: UndeclaredErrorCode) =>
          app.log.warn(undeclared, 'error code not declared by its endpoint'));
  if (onUndeclared) watchErrorCodes(app, onUndeclared);
  useEndpointSchemas(app);
  await registerOpenApi(app, config.PUBLIC_URL);
  registerInputGuard(app);
  registerMetrics(app, ctx);

  // Modules: each feature registers its routes (and its timed jobs) here, one line each.
  const users = createUsersService(ctx);
  registerOperatorGuard(app, ctx);
  await healthRoutes(app, ctx);
  await usersRoutes(app, ctx, users);
  await accountRecoveryRoutes(app, ctx, users);
  await twoFactorRoutes(app, ctx, users);
  await passkeysRoutes(app, ctx, users);
  await referenceDataRoutes(app, ctx);
  await catalogRoutes(app, ctx);
  await productsRoutes(app, ctx, users);
  await auctionsRoutes(app, ctx);
  await bidsRoutes(app, ctx);
  await notificationsRoutes(app, ctx);
  await searchRoutes(app, ctx);
  await shippingRoutes(app, ctx);
  await banksRoutes(app, ctx, users);
  await paymentsRoutes(app, ctx);
  await offersRoutes(app, ctx);
  await watchlistRoutes(app, ctx);
  await followsRoutes(app, ctx);
  await savedSearchesRoutes(app, ctx);
  await ratingsRoutes(app, ctx);
  await personalDataRoutes(app, ctx, users);
  await questionsRoutes(app, ctx);
  await trustRoutes(app, ctx);
  await operatorRoutes(app, ctx, users, {
    reportTargets: { question: questionReportTarget },
    countOpenClaims,
  });
  await claimsRoutes(app, ctx);
  await mailRoutes(app, ctx);
  await pushRoutes(app, ctx);
  // Anyone could move time with it: never in production, whatever the configuration says.
  if (config.TEST_CLOCK && config.NODE_ENV !== 'production') await testClockRoutes(app, ctx);

  const heads = await seoRoutes(app, ctx);
  const render = await loadServerRender(app, () => clock.now());
  await registerWebApp(app, {
    banner: config.PAYMENTS_PROVIDER === 'sandbox' ? testModeBanner() : undefined,
    preloads: pageHints(ctx),
    heads,
    render: render && keepRenderedPages(render, readFreshness(ctx)),
  });

  if (config.SEED_DEMO) await seedDemo({ ...ctx, users, work: seedWork });

  app.addHook('onReady', async () => {
    if ((options.jobIntervalMs ?? 1000) > 0) jobs.start(options.jobIntervalMs ?? 1000);
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    // Its subscription ends before the bus does.
    await readFreshness(ctx).close();
    await events.close();
    await close();
  });
  return app;
}
