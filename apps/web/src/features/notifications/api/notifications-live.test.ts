import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { messageHandler } from './notifications-live.ts';

function setUp(total: number) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.notifications.unreadCount, { total });
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  return { client, invalidate, handle: messageHandler(client) };
}
const count = (total: number) => ({ message: 'unread_count', total });
const cachedCount = (client: QueryClient) => client.getQueryData(queryKeys.notifications.unreadCount);

describe('notifications socket messages', () => {
  it('a notice reloads the lists once; the count after it only sets the header count', () => {
    const { client, invalidate, handle } = setUp(2);
    handle({ message: 'read', id: 5 });
    handle(count(1));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.notifications.lists });
    expect(cachedCount(client)).toEqual({ total: 1 });
  });

  it('a count that moved with no notice (the fresh count after an outage) reloads the lists', () => {
    const { client, invalidate, handle } = setUp(2);
    handle(count(2));
    expect(invalidate).not.toHaveBeenCalled();
    handle(count(5));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.notifications.lists });
    expect(cachedCount(client)).toEqual({ total: 5 });
  });

  it('ignores what is not a message of the channel', () => {
    const { client, invalidate, handle } = setUp(2);
    handle({ message: 'unread_count', total: 'x' });
    handle('texto');
    expect(invalidate).not.toHaveBeenCalled();
    expect(cachedCount(client)).toEqual({ total: 2 });
  });
});
