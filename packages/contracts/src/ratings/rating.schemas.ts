import { z } from 'zod';
import { PageMetaSchema, PaginationQuerySchema } from '../common/schemas.ts';

/** Spanish texts of seller ratings. */
export const ratingMessages = {
  scoreRequired: 'Elige una calificación de 1 a 5 estrellas',
  commentTooLong: 'El comentario no puede tener más de 500 caracteres',
  productRequired: 'El producto es obligatorio',
  notYours: 'Solo el comprador puede calificar esta compra.',
  notDelivered: 'Podrás calificar al vendedor cuando recibas el producto.',
  alreadyRated: 'Ya calificaste esta compra.',
  created: '¡Gracias por tu calificación!',
  saveFailed: 'No se pudo guardar tu calificación. Intenta de nuevo.',
  loadError: 'No se pudieron cargar las calificaciones.',
  empty: 'Este vendedor todavía no tiene calificaciones.',
  userNotFound: 'Usuario no encontrado',
  rateSeller: 'Calificar al vendedor',
  sendRating: 'Enviar calificación',
} as const;

export const RATING_COMMENT_MAX = 500;

/** `POST /api/ratings`: one rating (1 to 5, optional comment) per delivered purchase. */
export const CreateRatingSchema = z.object({
  product_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: ratingMessages.productRequired })
      .int({ error: ratingMessages.productRequired })
      .positive({ error: ratingMessages.productRequired })
      .max(2_147_483_647, { error: ratingMessages.productRequired }),
  ),
  score: z
    .number({ error: ratingMessages.scoreRequired })
    .int({ error: ratingMessages.scoreRequired })
    .min(1, { error: ratingMessages.scoreRequired })
    .max(5, { error: ratingMessages.scoreRequired }),
  comment: z
    .string({ error: ratingMessages.commentTooLong })
    .trim()
    .max(RATING_COMMENT_MAX, { error: ratingMessages.commentTooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateRatingInput = z.input<typeof CreateRatingSchema>;

export const RatingListQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(10),
});

export const SellerRatingSchema = z.object({
  score: z.number(),
  comment: z.string().nullable(),
  buyer_username: z.string(),
  created_at: z.string(),
});
export type SellerRating = z.infer<typeof SellerRatingSchema>;

export const SellerRatingsResponseSchema = z.object({
  items: z.array(SellerRatingSchema),
  meta: PageMetaSchema,
});
export type SellerRatingsResponse = z.infer<typeof SellerRatingsResponseSchema>;

export const RatingCreatedSchema = z.object({
  message: z.string(),
  rating: SellerRatingSchema.extend({ product_id: z.number() }),
});
export type RatingCreated = z.infer<typeof RatingCreatedSchema>;

/** The average shown on profiles: one decimal, null without ratings. */
export function roundedAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** "4,5 (12 calificaciones)" for profiles and cards. */
export function ratingSummaryText(average: number | null, count: number): string {
  if (average === null || count === 0) return 'Sin calificaciones';
  const value = average.toLocaleString('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${value} de 5 (${count} ${count === 1 ? 'calificación' : 'calificaciones'})`;
}
