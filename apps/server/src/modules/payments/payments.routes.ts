import {
  combinedPaymentsEndpoints,
  paymentsEndpoints as endpoints,
  IdParamSchema,
  paymentMessages as messages,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { limits, perAccount } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createPaymentProvider } from './create-provider.ts';
import { registerPaymentJobs } from './payments.jobs.ts';
import { createPaymentsService } from './payments.service.ts';
import { payoutsAdminRoutes } from './payouts-admin.ts';
import { refundsAdminRoutes, registerRefundMetrics } from './refunds-admin.ts';
import { sandboxCheckoutRoutes } from './sandbox.routes.ts';
import { isSandboxProvider } from './sandbox-provider.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The origin links are built on: PUBLIC_URL when configured, else the one the buyer used. */
function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The payments calls, Bold's webhook, payouts, the sandbox checkout and the expiry jobs. */
export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const provider = createPaymentProvider(ctx.config, ctx.clock);
  if (provider.name === 'sandbox') {
    // Nothing is charged and anyone can approve a payment with a button: say so once, loudly.
    ctx.log.warn(
      { provider: 'sandbox' },
      'PAYMENTS_PROVIDER is sandbox: no payment is real (set PAYMENTS_PROVIDER=bold to charge)',
    );
  }
  const payments = createPaymentsService(ctx, provider);
  registerPaymentJobs(ctx, payments, provider);

  declareRoute(app, ctx, endpoints.wonItems, {}, async (request) => {
    const { page, size } = request.query;
    return payments.listWonItems(request.userId!, page, size);
  });

  for (const endpoint of [endpoints.createLink, endpoints.createLinkPost]) {
    declareRoute(app, ctx, endpoint, {}, async (request, reply) => {
      const origin = publicOrigin(ctx.config, request);
      return reply
        .status(201)
        .send(await payments.createLink(request.userId!, request.params.paymentId, origin));
    });
  }

  declareRoute(app, ctx, combinedPaymentsEndpoints.create, {}, async (request, reply) => {
    const origin = publicOrigin(ctx.config, request);
    return reply
      .status(201)
      .send(await payments.createCombined(request.userId!, request.body.payment_ids, origin));
  });

  declareRoute(
    app,
    ctx,
    endpoints.verify,
    { config: perAccount(limits.paymentVerification) },
    async (request) => payments.verify(request.userId!, request.params.paymentId),
  );

  declareRoute(app, ctx, endpoints.buyProduct, {}, async (request) => {
    const id = IdParamSchema.safeParse({ id: request.params.productId });
    if (!id.success) throw notFound('PRODUCT_NOT_FOUND', messages.productNotFound);
    return payments.buyProduct(request.userId!, id.data.id, publicOrigin(ctx.config, request));
  });

  // The signature covers the exact bytes Bold sent: this route alone keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    declareRoute(scope, ctx, endpoints.webhook, {}, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-bold-signature'];
      const result = await payments.handleWebhook(raw, typeof header === 'string' ? header : undefined);
      return { received: true as const, result };
    });
  });

  declareRoute(app, ctx, endpoints.payouts, {}, async (request) => {
    const { page, size } = request.query;
    return payments.listPayouts(request.userId!, page, size);
  });

  declareRoute(app, ctx, endpoints.payout, {}, async (request) =>
    payments.getPayout(request.userId!, request.params.id),
  );

  refundsAdminRoutes(app, ctx, provider);
  payoutsAdminRoutes(app, ctx);
  registerRefundMetrics(app, ctx);

  // The sandbox checkout approves payments nobody made: it never exists in production.
  if (isSandboxProvider(provider) && ctx.config.NODE_ENV !== 'production') {
    await sandboxCheckoutRoutes(app, ctx, provider);
  }
}
