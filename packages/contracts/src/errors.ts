import { z } from 'zod';

/** The error body of every failed API call (CONTRACT section 6). */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Generic Spanish messages the server uses where the spec names none. */
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
