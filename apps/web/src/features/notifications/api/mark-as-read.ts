import { type NotificationListResponse, notificationsEndpoints } from '@app/contracts';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notifications/mark_as_read/{id}. */
function markAsRead(id: number) {
  return call(notificationsEndpoints.markRead, { params: { id } });
}

/** Marks read, dims it in every cached list and lowers the header count at once. */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAsRead,
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<InfiniteData<NotificationListResponse>>(
        { queryKey: queryKeys.notifications.lists },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map((n) => (n.id === id ? { ...n, is_read: true } : n)),
            })),
          },
      );
      queryClient.setQueryData<{ total: number }>(queryKeys.notifications.unreadCount, (old) =>
        old ? { total: Math.max(0, old.total - 1) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount });
    },
  });
}
