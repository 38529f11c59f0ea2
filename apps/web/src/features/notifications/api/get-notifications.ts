import { notificationsEndpoints } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 20;

/** GET /api/notifications: newest first, paginated, optionally unread only. */
function getNotifications(params: { page: number; unreadOnly: boolean }) {
  return call(notificationsEndpoints.list, {
    query: { page: params.page, size: PAGE_SIZE, unread_only: params.unreadOnly ? 'true' : undefined },
  });
}

const notificationsQuery = (unreadOnly: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(unreadOnly),
    queryFn: ({ pageParam }) => getNotifications({ page: pageParam, unreadOnly }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
  });

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery(notificationsQuery(unreadOnly));
}
