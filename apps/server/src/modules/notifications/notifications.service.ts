import {
  type NotificationSocketMessage,
  type NotificationType,
  notificationMessages,
  pageMeta,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { channels, type EventBus } from '../../platform/events.ts';
import { notificationsRepository } from './notifications.repository.ts';

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
}

export interface NotificationDto {
  id: number;
  title: string;
  message: string;
  type: string;
  link: string | null;
  is_read: boolean;
  is_system: boolean;
  created_at: string;
}

function toDto(r: Omit<NotificationDto, 'created_at'> & { created_at: Date }): NotificationDto {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    type: r.type,
    link: r.link,
    is_read: r.is_read,
    is_system: r.is_system,
    created_at: r.created_at.toISOString(),
  };
}

/** A notification's row as written, one shape for every writer. */
export type NotificationInsert = ReturnType<typeof notificationRows>[number];

export function notificationRows(items: NewNotification[], now: Date) {
  return items.map((n) => ({
    user_id: n.userId,
    type: n.type,
    title: n.title,
    message: n.message,
    link: n.link ?? null,
    is_system: n.type === 'system',
    created_at: now,
  }));
}

/** A row just written, with the id the database gave it, as it is sent live (unread). */
export function storedNotification(
  row: Omit<NotificationInsert, 'type'> & { type: string },
  id: number,
): NotificationDto & { user_id: number } {
  return { ...toDto({ ...row, id, is_read: false }), user_id: row.user_id };
}

/**
 * Stores notifications inside the caller's transaction and returns them, so the caller can
 * push them live with `publishNotifications` after the commit.
 */
export async function createNotifications(
  trx: Database,
  items: NewNotification[],
  now: Date,
): Promise<Array<NotificationDto & { user_id: number }>> {
  if (items.length === 0) return [];
  const rows = await trx
    .insertInto('notifications')
    .values(notificationRows(items, now))
    .returningAll()
    .execute();
  return rows.map((row) => ({ ...toDto(row), user_id: row.user_id }));
}

/** Pushes stored notifications to their users' live channels (after commit). */
export async function publishNotifications(
  events: EventBus,
  notifications: Array<NotificationDto & { user_id: number }>,
): Promise<void> {
  await Promise.all(
    notifications.map(({ user_id, ...notification }) =>
      events.publish(channels.userNotifications(user_id), {
        message: 'notification',
        notification,
      } satisfies NotificationSocketMessage),
    ),
  );
}

/** Reading and marking a user's own notifications. */
export function createNotificationsService(ctx: AppContext) {
  const { db, events } = ctx;
  return {
    /** Newest first, paginated; optionally only the unread ones. */
    async list(userId: number, query: { page: number; size: number; unread_only: boolean }) {
      const [total, rows] = await Promise.all([
        notificationsRepository.count(db, userId, query.unread_only),
        notificationsRepository.list(db, userId, {
          unreadOnly: query.unread_only,
          limit: query.size,
          offset: (query.page - 1) * query.size,
        }),
      ]);
      return { data: rows.map(toDto), meta: pageMeta(total, query.page, query.size) };
    },

    async unreadCount(userId: number): Promise<number> {
      return notificationsRepository.count(db, userId, true);
    },

    /** Owner only: someone else's notification is a 404. Tells the user's other tabs. */
    async markRead(userId: number, id: number): Promise<NotificationDto> {
      const row = await notificationsRepository.markRead(db, userId, id);
      if (!row) throw notFound('NOTIFICATION_NOT_FOUND', notificationMessages.notFound);
      await events.publish(channels.userNotifications(userId), {
        message: 'read',
        id,
      } satisfies NotificationSocketMessage);
      return toDto(row);
    },
  };
}

/** An erased account's notifications go with it. */
export async function forgetNotifications(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
}
