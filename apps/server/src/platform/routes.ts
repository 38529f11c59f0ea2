import { ApiErrorBodySchema, type EndpointDefinition, idempotencyErrorCodes } from '@app/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  onRequestHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from './context.ts';
import { validationError } from './errors.ts';
import { idempotencyOf } from './idempotency.ts';
import { operationIdOf, securityOf } from './openapi-document.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a handler of endpoint E receives: its input already validated and typed. */
export type RouteRequest<E extends EndpointDefinition> = FastifyRequest & {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
};

/** What a handler of endpoint E may answer with (any declared success body). */
export type RouteResult<E extends EndpointDefinition> = {
  [S in keyof E['responses'] & SuccessStatus]: z.input<E['responses'][S]>;
}[keyof E['responses'] & SuccessStatus];

/** Route options beyond the declaration: limits and per-route configuration. */
export type RouteExtras<E extends EndpointDefinition = EndpointDefinition> = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'config'
> & {
  /**
   * The declared body schema built with server state (today's date on the server clock, say):
   * same shape, so clients and the reference are unaffected, validated in its place.
   */
  body?: E['body'];
  /**
   * Safe to retry with an `Idempotency-Key` header (platform/idempotency.ts); normally said by
   * the declaration's own `idempotent: true`.
   */
  idempotent?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key (the API reference documents the header). */
    idempotent?: boolean;
    /** A GET that changes data (the declaration's `writes`); other methods are taken to write. */
    writes?: boolean;
  }
}

/** Every error answer not declared otherwise has the one error shape (in the reference too). */
const genericErrors = { '4xx': ApiErrorBodySchema, '5xx': ApiErrorBodySchema } as const;

/**
 * Input is checked with the declaration's zod schemas; a failure is the Spanish 400 envelope with
 * one message per invalid field, like every other error. A missing body or query reads as `{}` so
 * required fields get their own message rather than a generic one.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

/**
 * Makes `app` read declarations: zod validates what comes in, and what goes out is encoded by
 * the declared response schema (fields it does not declare are dropped, so nothing leaks by
 * accident) before it is written as JSON.
 */
export function useEndpointSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

function authHook(ctx: AppContext, auth: EndpointDefinition['auth']): onRequestHookHandler | undefined {
  if (auth === 'user') return ctx.auth.requireUser;
  if (auth === 'optional') return ctx.auth.optionalUser;
  return undefined;
}

/**
 * Registers the route of a declared endpoint. Authentication runs at `onRequest`, before the body
 * is read, so an anonymous client cannot make the server parse a large body. An idempotent
 * endpoint gets the `Idempotency-Key` hooks: after validation, a repeated key is answered from
 * its stored answer before the handler runs, and the first answer is stored before it is sent.
 */
export function declareRoute<E extends EndpointDefinition>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  extras: RouteExtras<E>,
  handler: (request: RouteRequest<E>, reply: FastifyReply) => Promise<RouteResult<E> | FastifyReply>,
): void {
  const onRequest = authHook(ctx, endpoint.auth);
  const { body = endpoint.body, idempotent = endpoint.idempotent ?? false, ...options } = extras;
  const retries = idempotent ? idempotencyOf(ctx) : null;
  // What the call may answer beyond the platform's codes: the reference lists them, and the
  // test runs check every error answer against them (platform/error-codes.ts).
  const errorCodes = [...(endpoint.errorCodes ?? []), ...(idempotent ? idempotencyErrorCodes : [])];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    ...(onRequest ? { onRequest } : {}),
    ...(retries ? { preHandler: retries.preHandler, onSend: retries.onSend } : {}),
    config: { ...options.config, idempotent, writes: endpoint.writes ?? false, errorCodes },
    schema: {
      summary: endpoint.summary,
      ...(errorCodes.length > 0 ? { description: `Error codes: ${errorCodes.join(', ')}.` } : {}),
      'x-error-codes': errorCodes,
      tags: [endpoint.tag],
      operationId: operationIdOf(endpoint),
      security: securityOf(endpoint.auth),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(body ? { body } : {}),
      response: { ...genericErrors, ...endpoint.responses },
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
