import { useQuery } from '@tanstack/react-query';
import { useToken } from '../../../lib/use-auth.ts';
import { getUnreadCount, unreadCountKey } from './get-unread-count.ts';
import { useNotificationsSocket } from './notifications-socket.ts';

/** The unread notifications count for the header, kept live over the user's socket. */
export function useUnreadCount(): number {
  const token = useToken();
  useNotificationsSocket(token);
  const query = useQuery({
    queryKey: unreadCountKey,
    queryFn: getUnreadCount,
    enabled: token !== null,
    staleTime: 60_000,
  });
  return token ? (query.data?.total ?? 0) : 0;
}
