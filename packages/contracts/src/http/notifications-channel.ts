import {
  NotificationSocketAuthSchema,
  NotificationSocketMessageSchema,
} from '../notifications/notification-socket.schemas.ts';

/** One user's notifications, after a first `{"type":"auth","token"}` message. */
export const notificationsChannel = {
  path: '/api/notifications/ws',
  url: () => '/api/notifications/ws',
  /** The one message a client sends. */
  clientFirst: NotificationSocketAuthSchema,
  /** What the server sends. */
  server: NotificationSocketMessageSchema,
} as const;
