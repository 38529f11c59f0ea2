import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { nextTask } from '../../../lib/next-task.ts';
import type { LiveSocket } from '../../../lib/ws-client.ts';
import { loadZod } from '../../../lib/zod-loader.ts';

/**
 * One live connection per tab to the user's notifications, shared by the header count and the
 * notifications page. The socket's module is loaded when the first user of it mounts, once the
 * page has loaded.
 */
interface Shared {
  token: string;
  socket: LiveSocket | null;
  users: number;
  closed: boolean;
}
let shared: Shared | null = null;

/**
 * Resolves once the page has loaded: the live socket's code (with its message schemas) waits
 * for what the page shows first. The unread count comes over HTTP meanwhile.
 */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function close(entry: Shared) {
  entry.closed = true;
  entry.socket?.close();
  if (shared === entry) shared = null;
}

export function useNotificationsSocket(token: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    if (shared && shared.token !== token) close(shared);
    let current = shared;
    if (!current) {
      const entry: Shared = { token, socket: null, users: 0, closed: false };
      shared = current = entry;
      void pageLoaded()
        // zod's evaluation, the module's (the messages' schemas) and opening the socket were one
        // task of 100-300 ms on a phone (startup-trace, 4x CPU): each runs in its own.
        .then(loadZod)
        .then(() => import('./notifications-live.ts'))
        .then(nextTask)
        .then(({ openNotificationsSocket }) => {
          if (!entry.closed) entry.socket = openNotificationsSocket(token, queryClient);
        });
    }
    const mine = current;
    mine.users += 1;
    return () => {
      mine.users -= 1;
      if (mine.users === 0) close(mine);
    };
  }, [token, queryClient]);
}
