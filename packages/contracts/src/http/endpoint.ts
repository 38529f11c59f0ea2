import type { z } from 'zod';
import { ApiErrorBodySchema, type idempotencyErrorCodes, type platformErrorCodes } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: `user` needs a valid token (401 otherwise, checked before the body is
 * read); `optional` reads a token when one is sent; `none` ignores it.
 */
export type EndpointAuth = 'user' | 'optional' | 'none';

/**
 * One HTTP call, declared once: the server registers its route from it (validating the input
 * and serializing the answer through these schemas, so an undeclared field never leaves the
 * server) and the web client builds its URL and types its answer from it.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Router syntax: `/api/bids/max/:auctionId/:productId`. */
  path: string;
  /** What the API reference calls a trailing `*` (the rest of the path), e.g. `term`. */
  wildcardName?: string;
  /** One line for the API reference. */
  summary: string;
  /** Groups the reference page (the module name). */
  tag: string;
  auth: EndpointAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Every status the call answers with, each with its body (errors use `ApiErrorBodySchema`). */
  responses: Readonly<Record<number, z.ZodType>>;
  /**
   * The `code`s of the errors this call's own rules answer (beyond the ones every call may give:
   * `platformErrorCodes`, and `idempotencyErrorCodes` for an idempotent call), so a client can
   * branch on them; listed in the API reference (`x-error-codes`). The API tests fail on an
   * answer whose code is not listed.
   */
  errorCodes?: readonly string[];
  /**
   * Safe to retry: the call takes an optional `Idempotency-Key` header (1-64 characters). A
   * repeat by the same user with the same key within 24 hours answers the first answer again
   * and changes nothing; the same key with another body or path is a 409. The web client sends
   * one key per user action.
   */
  idempotent?: boolean;
  /**
   * A GET that changes something (starts an auction, makes or confirms a payment): kept as GET
   * for the clients that call it so, but never safe to prefetch or to answer from a cache.
   */
  writes?: boolean;
}

/** Declares an endpoint, keeping its literal types for the server and the client. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

/** The error answers most calls share, to spread into `responses`. */
export const errorResponses = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
} as const;

type SuccessStatus = 200 | 201 | 202 | 204;
type SchemaOf<E extends EndpointDefinition, K> = K extends keyof E ? E[K] : undefined;

/**
 * The error codes a client of endpoint E may see: its own, the ones every call may give and,
 * when it takes an Idempotency-Key, the key's.
 */
export type EndpointErrorCode<E extends EndpointDefinition> =
  | (E['errorCodes'] extends readonly (infer C)[] ? C : never)
  | (typeof platformErrorCodes)[number]
  | (E['idempotent'] extends true ? (typeof idempotencyErrorCodes)[number] : never);

/** The body of the endpoint's successful answer(s). */
export type EndpointResponse<E extends EndpointDefinition> = {
  [S in keyof E['responses'] & SuccessStatus]: z.output<E['responses'][S]>;
}[keyof E['responses'] & SuccessStatus];

/** Path parameters as the client fills them in (numbers or strings; the server coerces). */
export type EndpointParams<E extends EndpointDefinition> =
  SchemaOf<E, 'params'> extends z.ZodObject
    ? { [K in keyof z.output<SchemaOf<E, 'params'>>]: string | number }
    : undefined;

/** Query parameters as the client sends them; any may be left out where the server defaults it. */
export type EndpointQuery<E extends EndpointDefinition> =
  SchemaOf<E, 'query'> extends z.ZodObject
    ? { [K in keyof z.output<SchemaOf<E, 'query'>>]?: string | number | boolean | null }
    : undefined;

export type EndpointBody<E extends EndpointDefinition> =
  SchemaOf<E, 'body'> extends z.ZodType ? z.input<SchemaOf<E, 'body'>> : undefined;

/**
 * The URL of a call: each `:name` (and a trailing `*`) replaced by its encoded value, and the query string from the
 * values that are set (null and undefined left out).
 */
export function endpointUrl(
  endpoint: Pick<EndpointDefinition, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | boolean | null | undefined>,
): string {
  const fill = (name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  };
  // `:name` segments, and a trailing `*` (the rest of the path) filled from params['*'].
  const path = endpoint.path
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => fill(name))
    .replace(/\*$/, () => fill('*'));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
