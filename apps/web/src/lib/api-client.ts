import {
  type EndpointBody,
  type EndpointDefinition,
  type EndpointErrorCode,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointUrl,
} from '@app/contracts';
import type { EarlyRequest } from '../boot/early-requests.ts';
import { authStorage } from './auth-storage.ts';
import { nextTask } from './next-task.ts';

/**
 * A failed API call, carrying the server's Spanish message, its stable `code` (to branch on)
 * and the field errors: as a list (`errors`) and by field name (`fields`, the request's field
 * names, so a form puts each message under its input).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
    readonly code: string = status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`,
    readonly fields: Readonly<Record<string, string>> = {},
    /** The whole error body, for answers that carry more than a message (a 409's open items). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Raised before a protected call when there is no stored token. */
export class TokenRequiredError extends ApiError {
  constructor() {
    super(401, 'TOKEN_REQUIRED', [], 'TOKEN_REQUIRED');
    this.name = 'TokenRequiredError';
  }
}

/** Whether `error` is endpoint E's answer with `code` (typed by the codes E declares). */
export function hasErrorCode<E extends EndpointDefinition>(
  error: unknown,
  _endpoint: E,
  code: EndpointErrorCode<E>,
): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/**
 * A fresh Idempotency-Key: one per user action (a bid, a max-bid change, a buy-now click), kept
 * for that action's automatic retries. From getRandomValues, which (unlike randomUUID) also
 * exists on pages served over plain HTTP.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const TIMEOUT_MS = 10_000;

/**
 * How a request leaves: the browser's fetch, or, in the server's render of a page (which runs
 * where there is no origin to resolve `/api/...` against), the server's own handler.
 */
type Transport = (path: string, init: RequestInit) => Promise<Response>;
/*
 * The browser's fetch, each call in a task of its own: a page's queries start in its first
 * render's effects, all in one task, and on a phone each fetch() call cost that task 5-20 ms (a
 * product page's mount effects were 150-350 ms in startup-trace at 4x CPU, a third of it fetch).
 */
let transport: Transport = (path, init) => nextTask().then(() => fetch(path, init));

/** For the server render only: its requests go to the server's own routes. */
export function setApiTransport(next: Transport): void {
  transport = next;
}
export const NETWORK_ERROR_MESSAGE =
  'No se pudo conectar con el servidor. Revisa tu conexión e intenta de nuevo.';
const TIMEOUT_MESSAGE = 'El servidor tardó demasiado en responder. Por favor, intenta de nuevo.';

type RequestOptions = {
  body?: unknown;
  /** Protected calls fail with TokenRequiredError when no token is stored. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: the server acts once however many times it arrives. */
  idempotencyKey?: string;
};

/** Calls in flight that answer with a fresh token for this same session (a password change). */
const renewals = new Set<Promise<unknown>>();

/**
 * Runs `work`, a call whose answer replaces the stored token for this same session: until it
 * settles, a 401 for the token it replaces does not end the session here (the server refuses the
 * old token as soon as it has changed, and another call or the notification socket can learn that
 * before this answer arrives).
 */
export async function renewingToken<T>(work: () => Promise<T>): Promise<T> {
  const running = work();
  renewals.add(running);
  try {
    return await running;
  } finally {
    renewals.delete(running);
  }
}

/**
 * A 401 ends the session here, but only if the refused token is still the stored one, decided once
 * any renewal in flight has settled: a call sent just before a fresh token was stored must not end
 * the new one. (Not awaited: the renewal's own call may be the one refused.)
 */
function clearRefusedToken(token: string | null) {
  const clear = () => {
    if (token && authStorage.getToken() === token) authStorage.clearToken();
  };
  if (renewals.size === 0) clear();
  else void Promise.allSettled(renewals).then(clear);
}

/** An early answer older than this is not a page's first read any more: the app asks again. */
const EARLY_MAX_AGE_MS = 5_000;

/**
 * The answer to a GET that index.html's early script (src/boot/early-requests.ts) sent before the
 * app ran, for the same path and token: taken once, then gone.
 */
function takeEarlyResponse(
  method: string,
  path: string,
  token: string | null,
): Promise<Response> | undefined {
  const early: EarlyRequest[] | undefined =
    typeof window === 'undefined' ? undefined : window.__earlyRequests;
  if (method !== 'GET' || !token || !early) return undefined;
  const index = early.findIndex((request) => request.path === path && request.token === token);
  if (index < 0) return undefined;
  const [request] = early.splice(index, 1);
  return request && performance.now() - request.sentAt <= EARLY_MAX_AGE_MS ? request.response : undefined;
}

/** One HTTP exchange with the API: same origin, bearer token from local storage, 10 s timeout. */
async function send<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ status: number; data: T }> {
  const token = authStorage.getToken();
  if (options.auth && !token) throw new TokenRequiredError();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await (takeEarlyResponse(method, path, token) ??
      transport(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
      }));
  } catch (error) {
    // The early request's own 10 s limit ends it with a TimeoutError.
    if (timeout.aborted || (error instanceof DOMException && error.name === 'TimeoutError'))
      throw new ApiError(0, TIMEOUT_MESSAGE);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (response.status === 401) clearRefusedToken(token);
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: unknown; code?: unknown; fields?: unknown };
    const message = typeof body.message === 'string' ? body.message : `Error ${response.status}`;
    const errors = Array.isArray(body.errors)
      ? body.errors.filter((e): e is string => typeof e === 'string')
      : [];
    const fields =
      body.fields && typeof body.fields === 'object'
        ? Object.fromEntries(
            Object.entries(body.fields).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : {};
    const code = typeof body.code === 'string' ? body.code : undefined;
    throw new ApiError(response.status, message, errors, code, fields, data);
  }
  return { status: response.status, data: data as T };
}

/** The input of a declared call: its path parameters (when it has any), query, body. */
type CallInput<E extends EndpointDefinition> = (EndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<E> }) & {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
};

type OptionalIfEmpty<E extends EndpointDefinition> =
  EndpointParams<E> extends undefined ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Pauses before the automatic retries of an idempotent call (then it fails). */
const RETRY_DELAYS_MS = [500, 1500];

/**
 * Whether an idempotent call may be sent again by itself: the answer was lost (no connection,
 * timeout), the service was briefly away (503), or the first copy is still running (409 in
 * progress). With the same key, a copy that did arrive is answered, not acted on twice.
 */
const retriable = (error: unknown) =>
  error instanceof ApiError &&
  !(error instanceof TokenRequiredError) &&
  (error.status === 0 || error.status === 503 || error.code === 'IDEMPOTENCY_IN_PROGRESS');

/**
 * Like `call`, but also gives the HTTP status (a payment link is created only on a 201). A call
 * its declaration marks `idempotent` is one user action: it gets one Idempotency-Key, kept for
 * its automatic retries.
 */
export async function callWithStatus<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: OptionalIfEmpty<E>
): Promise<{ status: number; data: EndpointResponse<E> }> {
  const params = input?.params as Record<string, string | number> | undefined;
  const url = endpointUrl(endpoint, params, input?.query);
  const options: RequestOptions = {
    body: input?.body,
    auth: endpoint.auth === 'user',
    signal: input?.signal,
    idempotencyKey: endpoint.idempotent ? newIdempotencyKey() : undefined,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return await send<EndpointResponse<E>>(endpoint.method, url, options);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!options.idempotencyKey || delay === undefined || !retriable(error) || input?.signal?.aborted)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Calls a declared endpoint: the URL, method and whether a token is needed come from its
 * declaration in `@app/contracts`, and the answer is typed by its declared success response.
 */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  ...input: OptionalIfEmpty<E>
): Promise<EndpointResponse<E>> {
  return (await callWithStatus(endpoint, ...input)).data;
}

/** The message to show for a failed call: the server's where it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TokenRequiredError) return fallback;
  if (
    error instanceof ApiError &&
    error.status !== 500 &&
    error.message &&
    !/^Error \d+$/.test(error.message)
  ) {
    return error.message;
  }
  return fallback;
}
