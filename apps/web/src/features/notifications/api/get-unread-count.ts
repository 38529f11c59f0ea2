import { notificationsEndpoints } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notifications/totals_unread. */
function getUnreadCount() {
  return call(notificationsEndpoints.unreadTotal);
}

/** Kept live by the user's socket, so asked again only after a minute. */
export const unreadCountQuery = (loggedIn: boolean) =>
  queryOptions({
    queryKey: queryKeys.notifications.unreadCount,
    queryFn: getUnreadCount,
    enabled: loggedIn,
    staleTime: 60_000,
  });
