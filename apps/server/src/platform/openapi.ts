import { IDEMPOTENCY_KEY_MAX_LENGTH, platformErrorCodes } from '@app/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import { finishDocument } from './openapi-document.ts';

/**
 * The API reference, generated from the same endpoint declarations the routes are registered
 * from (so it cannot drift): the document at GET /api/openapi.json and a browsable page at
 * GET /api/docs. Registered before the routes, which it collects as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string | undefined): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Coleccionables API',
        description:
          'Marketplace of collectible toys: auctions with live bidding, direct purchase, payments ' +
          'through Bold, shipping and payouts. Errors answer `{ message, code, errors?, fields? }` (messages in Spanish). ' +
          `Any call may answer ${platformErrorCodes.join(', ')}; the other codes an operation answers are in its \`x-error-codes\`.`,
        version: '1.0.0',
        license: { name: 'Proprietary', url: 'https://coleccionables.co' },
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Only the JSON API: metrics, images and the sandbox checkout's pages are no API calls.
    transform: (input) => {
      if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      // Routes safe to retry document their optional Idempotency-Key header.
      if (input.route?.config?.idempotent && out.schema) {
        (out.schema as Record<string, unknown>).headers = {
          type: 'object',
          properties: {
            [IDEMPOTENCY_HEADER]: {
              type: 'string',
              minLength: 1,
              maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
              description:
                'Optional. One key per user action: a repeat with the same key within 24 hours answers the first answer again and changes nothing; the same key with other data is a 409.',
            },
          },
        };
      }
      return out;
    },
    transformObject: (documentObject) =>
      finishDocument(
        ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject) as never,
        publicUrl,
      ) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiHooks: {
      // The plugin sends its old index address back to the page, but keeps a query string in
      // the redirect, which then points at itself: answered here, without the query.
      onRequest: async (request, reply) => {
        if (request.url.split('?')[0] === '/api/docs/static/index.html') await reply.redirect('/api/docs/');
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
