import { notificationsEndpoints } from '@app/contracts';
import { call } from '../../../lib/api-client.ts';

export const unreadCountKey = ['notifications', 'unread'] as const;

/** GET /api/notifications/totals_unread. */
export function getUnreadCount() {
  return call(notificationsEndpoints.unreadTotal);
}
