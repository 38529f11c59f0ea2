import { type NotificationSocketAuth, notificationsChannel } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type LiveSocket, openLiveSocket } from '../../../lib/ws-client.ts';
import { disableZodJit } from '../../../lib/zod-jitless.ts';

/**
 * What one socket's messages do. A notice (new, or read elsewhere) reloads the lists; the unread
 * count that follows it sets the header's. A count that moves with no notice before it is the
 * server's fresh count after its event bus came back, when notices may have been lost on the
 * way: the lists are read again then too.
 */
export function messageHandler(queryClient: QueryClient) {
  let noticeSinceCount = false;
  return (data: unknown) => {
    const parsed = notificationsChannel.server.safeParse(data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.message !== 'unread_count') {
      noticeSinceCount = true;
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists });
      return;
    }
    const known = queryClient.getQueryData<{ total: number }>(queryKeys.notifications.unreadCount);
    queryClient.setQueryData(queryKeys.notifications.unreadCount, { total: message.total });
    if (!noticeSinceCount && known !== undefined && known.total !== message.total)
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists });
    noticeSinceCount = false;
  };
}

/**
 * The user's notifications socket: new ones refresh the list, the unread count is set from the
 * server. Loaded only once someone is logged in (it brings the message schemas, and zod with
 * them, which the first page of a visitor does not need).
 */
export function openNotificationsSocket(token: string, queryClient: QueryClient): LiveSocket {
  disableZodJit();
  // The token goes in the first message, never in the URL (URLs end up in logs).
  return openLiveSocket(notificationsChannel.url(), {
    firstMessage: (): NotificationSocketAuth => ({ type: 'auth', token }),
    onMessage: messageHandler(queryClient),
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
