import { z } from 'zod';
import { PageMetaSchema } from '../common/schemas.ts';
import { NotificationSchema } from './notification-socket.schemas.ts';

export const notificationMessages = {
  empty: 'No hay notificaciones para mostrar',
  loadError: 'Failed to load notifications. Please try again later.',
  markError: 'Failed to mark notification as read.',
  notFound: 'No se encontró la notificación',
} as const;

export const NotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  unread_only: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const NotificationListResponseSchema = z.object({
  data: z.array(NotificationSchema),
  meta: PageMetaSchema,
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

export const UnreadTotalSchema = z.object({ total: z.number() });
