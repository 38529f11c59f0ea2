import { z } from 'zod';

/**
 * The error body of every failed API call: a Spanish `message` for the person, a stable
 * SCREAMING_SNAKE `code` for programs, and when fields are at fault the list of their messages
 * (`errors`, plain strings) and each field's own message (`fields`, keyed by the field's path in
 * the request, nested names joined by dots: `products.0`).
 */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().meta({ description: 'Stable SCREAMING_SNAKE code (VALIDATION_FAILED, BID_REJECTED…)' }),
  errors: z.array(z.string()).optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/**
 * The codes of the generic answers, by name. Which of them any call may give without declaring
 * them is `platformErrorCodes`; a handler's own FORBIDDEN or NOT_FOUND is declared like any code.
 */
export const commonErrorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  invalidInput: 'INVALID_INPUT',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  idempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  idempotencyInProgress: 'IDEMPOTENCY_IN_PROGRESS',
} as const;

/**
 * The codes any call may answer without declaring them: the platform gives them around every
 * handler, whatever it does. Input that fails the declared schemas or is no JSON (400s), a
 * missing or ended session (401, from the authentication hook; it also guards every call that
 * takes a token), a body or request too large or too slow to arrive, the rate limiter, and an
 * unexpected failure or the database being away (500, 503). A handler's own rules are not here,
 * not even the generic FORBIDDEN and NOT_FOUND: each call declares those in its `errorCodes`.
 */
export const platformErrorCodes = [
  commonErrorCodes.validationFailed,
  commonErrorCodes.invalidInput,
  commonErrorCodes.unauthorized,
  commonErrorCodes.tooLarge,
  commonErrorCodes.requestTimeout,
  commonErrorCodes.rateLimited,
  commonErrorCodes.internal,
  commonErrorCodes.unavailable,
] as const;

/** What a call that takes an `Idempotency-Key` may answer besides: the key's own refusals. */
export const idempotencyErrorCodes = [
  commonErrorCodes.idempotencyKeyInvalid,
  commonErrorCodes.idempotencyKeyReused,
  commonErrorCodes.idempotencyInProgress,
] as const;

/**
 * What every `/api/admin/*` call may answer besides: the operator guard refuses anyone without
 * the operator role and, in production, an operator without a second factor (403).
 */
export const operatorErrorCodes = ['OPERATOR_ONLY', 'TWO_FACTOR_REQUIRED'] as const;

/** Generic Spanish messages the server uses where no text is prescribed. */
export const commonMessages = {
  invalidInput: 'Los datos enviados no son válidos.',
  unauthorized: 'Debes iniciar sesión para continuar.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'No se encontró el recurso solicitado.',
  tooLarge: 'La solicitud es demasiado grande.',
  requestTimeout: 'La solicitud tardó demasiado en llegar. Inténtalo de nuevo.',
  tooManyRequests: 'Demasiadas solicitudes. Por favor, espera un momento e intenta de nuevo.',
  internal: 'Ocurrió un error inesperado. Por favor, intenta más tarde.',
  sellerOnly: 'Solo los vendedores pueden realizar esta acción.',
  unavailable: 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
} as const;

/** The `Idempotency-Key` header of calls that are safe to retry. */
export const idempotencyMessages = {
  keyInvalid: 'La cabecera Idempotency-Key debe tener entre 1 y 64 caracteres.',
  keyReused: 'Esta solicitud ya se envió con otros datos',
  inProgress: 'Esta solicitud todavía se está procesando. Intenta de nuevo en unos segundos.',
} as const;

/** The longest `Idempotency-Key` the server takes. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;
