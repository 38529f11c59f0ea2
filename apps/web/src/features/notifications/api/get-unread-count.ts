import { api } from '../../../lib/api-client.ts';

export const unreadCountKey = ['notifications', 'unread'] as const;

/** GET /api/notifications/totals_unread. */
export function getUnreadCount() {
  return api.get<{ total: number }>('/api/notifications/totals_unread', { auth: true });
}
