import type { EndpointDefinition } from '@app/contracts';
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
};

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
 * is read, so an anonymous client cannot make the server parse a large body.
 */
export function declareRoute<E extends EndpointDefinition>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  extras: RouteExtras<E>,
  handler: (request: RouteRequest<E>, reply: FastifyReply) => Promise<RouteResult<E> | FastifyReply>,
): void {
  const onRequest = authHook(ctx, endpoint.auth);
  const { body = endpoint.body, ...options } = extras;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    ...(onRequest ? { onRequest } : {}),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      operationId: operationIdOf(endpoint),
      security: securityOf(endpoint.auth),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(body ? { body } : {}),
      response: endpoint.responses,
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
