import { z } from 'zod';
import { PageMetaSchema } from '../common/schemas.ts';

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

export const NotificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  is_system: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListResponseSchema = z.object({
  data: z.array(NotificationSchema),
  meta: PageMetaSchema,
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

export const UnreadTotalSchema = z.object({ total: z.number() });

/**
 * The per-user socket `GET /api/notifications/ws`: the client's first message is
 * {@link NotificationSocketAuth} (a token never goes in the URL); the server then sends
 * {@link NotificationSocketMessage}s. A refused token, another first message or none within 5
 * seconds closes it with code 4401.
 */
export const NotificationSocketAuthSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
});
export type NotificationSocketAuth = z.infer<typeof NotificationSocketAuthSchema>;

/** Messages the server sends on the per-user socket. */
export const NotificationSocketMessageSchema = z.discriminatedUnion('message', [
  z.object({ message: z.literal('notification'), notification: NotificationSchema }),
  z.object({ message: z.literal('unread_count'), total: z.number() }),
  z.object({ message: z.literal('read'), id: z.number().nullable() }),
]);
export type NotificationSocketMessage = z.infer<typeof NotificationSocketMessageSchema>;
