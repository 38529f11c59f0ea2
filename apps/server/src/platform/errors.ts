import { type ApiErrorBody, commonErrorCodes as codes, commonMessages } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, z } from 'zod';
import { isDatabaseUnavailable } from './db.ts';

// Messages of schemas that name none (a wrong type, say) come out in Spanish, not English.
z.config(z.locales.es());

/**
 * A failure the client should see: a SCREAMING_SNAKE code, a status and a Spanish message for
 * the person, optionally one message per invalid field: as a list (`errors`) and by the field's
 * name in the request (`fields`, so a form puts each under its input).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Whether a database error is a unique constraint refusing a second row (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export const badRequest = (code: string, message: string, errors?: string[]) =>
  new AppError(code, 400, message, errors ?? [message]);
/** A 400 about one field of the request: its message also under `fields[field]`. */
export const fieldError = (code: string, field: string, message: string) =>
  new AppError(code, 400, message, [message], { [field]: message });
export const unauthorized = (message: string = commonMessages.unauthorized) =>
  new AppError(codes.unauthorized, 401, message);
export const forbidden = (code: string = codes.forbidden, message: string = commonMessages.forbidden) =>
  new AppError(code, 403, message);
export const notFound = (code: string = codes.notFound, message: string = commonMessages.notFound) =>
  new AppError(code, 404, message);
export const conflict = (code: string, message: string) => new AppError(code, 409, message, [message]);

/** Validates input with a contracts schema; the first message leads, every field message follows. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

/**
 * A failed validation: every distinct message in `errors` (the first leads), and under `fields`
 * the first message of each field, named by its path in the input (`products.0`).
 */
export function validationError(error: ZodError): AppError {
  const messages: string[] = [];
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    // A body of the wrong shape altogether (an array, a string) gets the plain message, not zod's.
    const whole = issue.path.length === 0 && issue.code === 'invalid_type';
    const message = whole ? commonMessages.invalidInput : issue.message;
    if (!messages.includes(message)) messages.push(message);
    const field = issue.path.map(String).join('.');
    if (field && !(field in fields)) fields[field] = message;
  }
  return new AppError(
    codes.validationFailed,
    400,
    messages[0] ?? commonMessages.invalidInput,
    messages,
    Object.keys(fields).length > 0 ? fields : undefined,
  );
}

/** The error body every failed call answers: `{message, code, errors?, fields?}`. */
export function errorBody(
  code: string,
  message: string,
  errors?: string[],
  fields?: Record<string, string>,
): ApiErrorBody {
  const body: ApiErrorBody = { message, code };
  if (errors) body.errors = errors;
  if (fields) body.fields = fields;
  return body;
}

const bodyOf = (error: AppError) => errorBody(error.code, error.message, error.errors, error.fields);

/** Maps every error to the `{message, code, errors?, fields?}` body; no stack traces out. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.statusCode).send(bodyOf(error));
    if (error instanceof ZodError) return reply.status(400).send(bodyOf(validationError(error)));
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody(codes.tooLarge, commonMessages.tooLarge));
    if (status === 429)
      return reply.status(429).send(errorBody(codes.rateLimited, commonMessages.tooManyRequests));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said in Spanish.
      return reply.status(status).send(errorBody(codes.invalidInput, commonMessages.invalidInput));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away or too slow: a prompt answer the client can retry, never a hang.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(codes.unavailable, commonMessages.unavailable));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(codes.internal, commonMessages.internal));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(errorBody(codes.notFound, commonMessages.notFound));
  });
}
