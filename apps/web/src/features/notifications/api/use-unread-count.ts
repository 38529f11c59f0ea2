import { useQuery } from '@tanstack/react-query';
import { useToken } from '../../../lib/use-auth.ts';
import { unreadCountQuery } from './get-unread-count.ts';
import { useNotificationsSocket } from './notifications-socket.ts';

/** The unread notifications count for the header, kept live over the user's socket. */
export function useUnreadCount(): number {
  const token = useToken();
  useNotificationsSocket(token);
  const query = useQuery(unreadCountQuery(token !== null));
  return token ? (query.data?.total ?? 0) : 0;
}
