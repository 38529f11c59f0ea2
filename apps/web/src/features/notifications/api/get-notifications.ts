import type { NotificationListResponse } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const PAGE_SIZE = 20;

/** GET /api/notifications: newest first, paginated, optionally unread only. */
export function getNotifications(params: { page: number; unreadOnly: boolean }) {
  const query = new URLSearchParams({ page: String(params.page), size: String(PAGE_SIZE) });
  if (params.unreadOnly) query.set('unread_only', 'true');
  return api.get<NotificationListResponse>(`/api/notifications?${query}`, { auth: true });
}

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: ['notifications', 'list', { unreadOnly }],
    queryFn: ({ pageParam }) => getNotifications({ page: pageParam, unreadOnly }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
  });
}
