import { type NotificationSocketAuth, notificationsChannel } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type LiveSocket, openLiveSocket } from '../../../lib/ws-client.ts';

function handle(queryClient: QueryClient, data: unknown) {
  const parsed = notificationsChannel.server.safeParse(data);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.message === 'unread_count') {
    queryClient.setQueryData(queryKeys.notifications.unreadCount, { total: message.total });
  } else {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists });
  }
}

/**
 * The user's notifications socket: new ones refresh the list, the unread count is set from the
 * server. Loaded only once someone is logged in (it brings the message schemas, and zod with
 * them, which the first page of a visitor does not need).
 */
export function openNotificationsSocket(token: string, queryClient: QueryClient): LiveSocket {
  // The token goes in the first message, never in the URL (URLs end up in logs).
  return openLiveSocket(notificationsChannel.url(), {
    firstMessage: (): NotificationSocketAuth => ({ type: 'auth', token }),
    onMessage: (data) => handle(queryClient, data),
    onOpen: (reconnected) => {
      if (reconnected) void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
    // 4401: the token was refused (expired, or ended by a logout or a password change).
    // Retrying with it is pointless. Whether the session is really over is for the API to
    // say: the unread count is asked again, and a 401 there ends the session here as any
    // 401 does. (Not cleared here directly: after a password change in this tab the socket
    // of the old token closes while the fresh token is already stored.)
    fatalCodes: [4401],
    onFatal: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount }),
  });
}
