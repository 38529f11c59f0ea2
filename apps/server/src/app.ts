import { commonMessages } from '@app/contracts';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import { auctionsRoutes } from './modules/auctions/auctions.routes.ts';
import { banksRoutes } from './modules/banks/banks.routes.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { testClockRoutes } from './modules/test-clock/test-clock.routes.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createAuth, resolveJwtSecret } from './platform/auth.ts';
import { createClock } from './platform/clock.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase } from './platform/db.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { createEventBus } from './platform/events-redis.ts';
import { createJobRunner } from './platform/jobs.ts';
import { type LogStream, loggerOptions } from './platform/logging.ts';
import { migrateToLatest } from './platform/migrate.ts';
import { seedDemo } from './platform/seed/index.ts';
import { registerWebApp } from './platform/static.ts';

export interface BuildOptions {
  /** Loop interval for timed work; 0 disables the loop (tests drive it with the test clock). */
  jobIntervalMs?: number;
  /** Keep the embedded database in memory (tests). */
  inMemoryDatabase?: boolean;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: LogStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Assembles the whole server: what `server.ts` listens with and what tests start. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    bodyLimit: 1024 * 1024,
    // Malformed URLs and over-long path parameters get the same Spanish envelope as every error
    // (a parameter longer than the router's limit names nothing that exists: 404).
    frameworkErrors: (error, _request, reply) => {
      const plain = reply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        plain.status(404).send({ message: commonMessages.notFound });
      else plain.status(400).send({ message: commonMessages.invalidInput });
    },
    // Only behind a known proxy: otherwise X-Forwarded-For would let anyone pick their address.
    trustProxy: config.TRUST_PROXY,
  });

  const { db, kind, close } = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
  });
  await migrateToLatest(db);

  const clock = createClock(config.TEST_CLOCK);
  const auth = createAuth(resolveJwtSecret(config.JWT_SECRET, config.dataDir), clock, (id) =>
    usersRepository.findSessionInfo(db, id),
  );
  const events = createEventBus(config, app.log);
  const jobs = createJobRunner(clock, app.log);
  const ctx: AppContext = { config, db, dbKind: kind, clock, auth, events, jobs, log: app.log };
  app.decorateRequest('userId', null);
  app.decorate('ctx', ctx);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars may be https URLs on other hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerErrorHandler(app);

  // Modules: each feature registers its routes (and its timed jobs) here, one line each.
  const users = createUsersService(ctx);
  await healthRoutes(app, ctx);
  await usersRoutes(app, ctx, users);
  await catalogueRoutes(app, ctx);
  await productsRoutes(app, ctx, users);
  await auctionsRoutes(app, ctx);
  await bidsRoutes(app, ctx);
  await notificationsRoutes(app, ctx);
  await searchRoutes(app, ctx);
  await shippingRoutes(app, ctx);
  await banksRoutes(app, ctx);
  await paymentsRoutes(app, ctx);
  if (config.TEST_CLOCK) await testClockRoutes(app, ctx);

  await registerWebApp(app);

  if (config.SEED_DEMO) await seedDemo({ ...ctx, users });

  app.addHook('onReady', async () => {
    if ((options.jobIntervalMs ?? 1000) > 0) jobs.start(options.jobIntervalMs ?? 1000);
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await events.close();
    await close();
  });
  return app;
}
