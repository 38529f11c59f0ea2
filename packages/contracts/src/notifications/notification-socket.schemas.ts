import { z } from 'zod';

/*
 * A notification and the per-user socket's messages, in a module of their own: the web app's
 * notifications socket loads only these (each zod schema is built when its module loads).
 */

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
