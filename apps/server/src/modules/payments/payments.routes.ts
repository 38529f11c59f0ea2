import { IdParamSchema, paymentMessages as messages, PaginationQuerySchema } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound, parseInput } from '../../platform/errors.ts';
import { limits, perAccount } from '../../platform/rate-limits.ts';
import { createPaymentProvider } from './create-provider.ts';
import { registerPaymentJobs } from './payments.jobs.ts';
import { createPaymentsService } from './payments.service.ts';
import { sandboxCheckoutRoutes } from './sandbox.routes.ts';

const ListQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(100),
});
const PaymentParamSchema = z.object({ paymentId: z.string().max(64) });
const ProductParamSchema = z.object({ productId: z.string().max(16) });
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The origin links are built on: PUBLIC_URL when configured, else the one the buyer used. */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** Payments service of spec 2 section 7, Bold's webhook, payouts, the sandbox checkout and the expiry jobs. */
export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const provider = createPaymentProvider(ctx.config);
  const payments = createPaymentsService(ctx, provider);
  const requireUser = { onRequest: ctx.auth.requireUser };
  registerPaymentJobs(ctx, payments, provider);

  app.get('/api/payments/get_payments_by_user_id', requireUser, async (request) => {
    const { page, size } = parseInput(ListQuerySchema, request.query);
    return payments.listWonItems(request.userId!, page, size);
  });

  const createLink = async (request: FastifyRequest, reply: FastifyReply) => {
    const { paymentId } = parseInput(PaymentParamSchema, request.params);
    const result = await payments.createLink(request.userId!, paymentId, publicOrigin(ctx.config, request));
    reply.status(201);
    return result;
  };
  app.get('/api/bold/create/:paymentId', requireUser, createLink);
  app.post('/api/bold/create/:paymentId', requireUser, createLink);

  app.get(
    '/api/bold/verify/:paymentId',
    { ...requireUser, config: perAccount(limits.paymentVerification) },
    async (request) => {
      const { paymentId } = parseInput(PaymentParamSchema, request.params);
      return payments.verify(request.userId!, paymentId);
    },
  );

  app.get('/api/bold/buy_product/:productId', requireUser, async (request) => {
    const { productId } = parseInput(ProductParamSchema, request.params);
    const id = IdParamSchema.safeParse({ id: productId });
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
    scope.post('/api/bold/webhook', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-bold-signature'];
      const result = await payments.handleWebhook(raw, typeof header === 'string' ? header : undefined);
      return { received: true, result };
    });
  });

  app.get('/api/pending-payments/seller', requireUser, async (request) => {
    const { page, size } = parseInput(ListQuerySchema, request.query);
    return payments.listPayouts(request.userId!, page, size);
  });

  app.get('/api/pending-payments/get/:id', requireUser, async (request) => {
    const { id } = parseInput(z.object({ id: z.string().max(64) }), request.params);
    return payments.getPayout(request.userId!, id);
  });

  // The sandbox checkout approves payments nobody made: it never exists in production.
  if (provider.name === 'sandbox' && ctx.config.NODE_ENV !== 'production') {
    await sandboxCheckoutRoutes(app, ctx, provider);
  }
}
