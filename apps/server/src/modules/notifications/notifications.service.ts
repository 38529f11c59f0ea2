import type { Database } from '../../platform/db.ts';
import { channels, type EventBus } from '../../platform/events.ts';

export type NotificationType =
  | 'outbid'
  | 'auction_won'
  | 'auction_started'
  | 'auction_ended'
  | 'item_sold'
  | 'payment_confirmed'
  | 'item_shipped'
  | 'system';

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
    .values(
      items.map((n) => ({
        user_id: n.userId,
        type: n.type,
        title: n.title,
        message: n.message,
        link: n.link ?? null,
        is_system: n.type === 'system',
        created_at: now,
      })),
    )
    .returningAll()
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    title: r.title,
    message: r.message,
    type: r.type,
    link: r.link,
    is_read: r.is_read,
    is_system: r.is_system,
    created_at: r.created_at.toISOString(),
  }));
}

/** Pushes stored notifications to their users' live channels (after commit). */
export async function publishNotifications(
  events: EventBus,
  notifications: Array<NotificationDto & { user_id: number }>,
): Promise<void> {
  await Promise.all(
    notifications.map(({ user_id, ...notification }) =>
      events.publish(channels.userNotifications(user_id), { message: 'notification', notification }),
    ),
  );
}
