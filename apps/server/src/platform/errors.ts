import { commonMessages } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, z } from 'zod';
import { isDatabaseUnavailable } from './db.ts';

// Messages of schemas that name none (a wrong type, say) come out in Spanish, not English.
z.config(z.locales.es());

/**
 * A failure the client should see: a SCREAMING_SNAKE code for the server, a status and a
 * Spanish message for the person, optionally one message per invalid field.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, errors?: string[]) =>
  new AppError(code, 400, message, errors ?? [message]);
export const unauthorized = (message: string = commonMessages.unauthorized) =>
  new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (code = 'FORBIDDEN', message: string = commonMessages.forbidden) =>
  new AppError(code, 403, message);
export const notFound = (code = 'NOT_FOUND', message: string = commonMessages.notFound) =>
  new AppError(code, 404, message);
export const conflict = (code: string, message: string) => new AppError(code, 409, message, [message]);

/** Validates input with a contracts schema; the first message leads, every field message follows. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

export function validationError(error: ZodError): AppError {
  // A body of the wrong shape altogether (an array, a string) gets the plain message, not zod's.
  const messages = [
    ...new Set(
      error.issues.map((issue) =>
        issue.path.length === 0 && issue.code === 'invalid_type'
          ? commonMessages.invalidInput
          : issue.message,
      ),
    ),
  ];
  return new AppError('VALIDATION_FAILED', 400, messages[0] ?? commonMessages.invalidInput, messages);
}

/** Maps every error to the `{message, errors}` body of CONTRACT section 6; no stack traces out. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      const body: { message: string; errors?: string[] } = { message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      const appError = validationError(error);
      return reply.status(400).send({ message: appError.message, errors: appError.errors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: commonMessages.tooLarge });
    if (status === 429) return reply.status(429).send({ message: commonMessages.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said in Spanish.
      return reply.status(status).send({ message: commonMessages.invalidInput });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away or too slow: a prompt answer the client can retry, never a hang.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: commonMessages.unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: commonMessages.internal });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ message: commonMessages.notFound });
  });
}
