import {
  notificationsEndpoints as endpoints,
  liveChannels,
  type NotificationSocketMessage,
} from '@app/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AppContext } from '../../platform/context.ts';
import { channels, SESSIONS_ENDED } from '../../platform/events.ts';
import { serveChannel } from '../../platform/live-channel.ts';
import { limits, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createNotificationsService } from './notifications.service.ts';

/** Close code for a socket whose authentication failed; clients must not reconnect with the same token. */
const UNAUTHORIZED_CLOSE = 4401;
/** How long a new socket may take to send its auth message. */
const AUTH_TIMEOUT_MS = 5000;
const MAX_AUTH_MESSAGE_LENGTH = 4096;

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const notifications = createNotificationsService(ctx);
  const { auth } = ctx;

  declareRoute(app, ctx, endpoints.list, {}, async (request) =>
    notifications.list(request.userId!, request.query),
  );

  declareRoute(app, ctx, endpoints.unreadTotal, {}, async (request) => ({
    total: await notifications.unreadCount(request.userId!),
  }));

  declareRoute(app, ctx, endpoints.markRead, {}, async (request) =>
    notifications.markRead(request.userId!, request.params.id),
  );

  // The user's live notifications: each new one, a read mark from another tab, and the unread
  // count after each, so the header count stays right without reloading.
  //
  // Browsers can't set headers on a WebSocket, and a token in the URL would be written to access
  // logs, proxies and browser history. So the socket opens without credentials and the client's
  // first message must be {"type":"auth","token":"…"}; anything else, a refused token or silence
  // closes it with 4401. A token in the query string is refused outright, so a client that still
  // leaks it there learns at once instead of working.
  app.get(
    liveChannels.notifications.path,
    { websocket: true, config: perAddress(limits.socketConnection) },
    (socket, request) => {
      const refuse = () => {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
          socket.close(UNAUTHORIZED_CLOSE, 'unauthorized');
      };
      if (Object.hasOwn(request.query as object, 'token')) {
        refuse();
        return;
      }
      const timer = setTimeout(refuse, AUTH_TIMEOUT_MS);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
      // Attached before any await: a message that arrives at once must not be missed.
      socket.once('message', (data, isBinary) => {
        clearTimeout(timer);
        const token = isBinary ? null : authMessageToken(data);
        void (token ? auth.verifyToken(token) : Promise.resolve(null))
          .then((userId) => {
            if (!userId) return refuse();
            if (socket.readyState !== socket.OPEN) return;
            return serve(socket, token!, userId, request.log);
          })
          .catch((err) => {
            request.log.warn({ err }, 'notification channel authentication failed');
            socket.close(1011, 'unavailable');
          });
      });
    },
  );

  async function serve(socket: WebSocket, token: string, userId: number, log: FastifyBaseLogger) {
    const withCount = async (payload: unknown) => {
      // Logout or a password change (here or in another process): this socket's token may have
      // just been ended. Internal; never forwarded.
      if ((payload as { message?: unknown } | null)?.message === SESSIONS_ENDED) {
        if (!(await auth.verifyToken(token, { fresh: true })))
          socket.close(UNAUTHORIZED_CLOSE, 'unauthorized');
        return [];
      }
      const count: NotificationSocketMessage = {
        message: 'unread_count',
        total: await notifications.unreadCount(userId),
      };
      return [payload, count];
    };
    let greeted = false;
    try {
      await serveChannel(socket, ctx.events, channels.userNotifications(userId), {
        transform: withCount,
        // The unread count first, and again whenever the bus comes back: notifications published
        // meanwhile may be lost, and so may a logout elsewhere, so then the token is checked
        // afresh too.
        greeting: async () => {
          if (greeted && !(await auth.verifyToken(token, { fresh: true }))) {
            socket.close(UNAUTHORIZED_CLOSE, 'unauthorized');
            return null; // never sent: the socket is closing
          }
          greeted = true;
          return {
            message: 'unread_count',
            total: await notifications.unreadCount(userId),
          } satisfies NotificationSocketMessage;
        },
        onError: (err) => log.warn({ err }, 'notification channel failed'),
      });
    } catch (err) {
      log.warn({ err }, 'notification channel subscription failed');
      socket.close(1011, 'unavailable');
    }
  }
}

/** The token of a first message {"type":"auth","token":"…"}, or null for anything else. */
function authMessageToken(data: RawData): string | null {
  const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  if (bytes.length > MAX_AUTH_MESSAGE_LENGTH) return null;
  try {
    const parsed = liveChannels.notifications.clientFirst.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data.token : null;
  } catch {
    return null;
  }
}
