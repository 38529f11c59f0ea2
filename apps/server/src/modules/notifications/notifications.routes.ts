import { IdParamSchema, NotificationListQuerySchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { limits, perAddress } from '../../platform/rate-limits.ts';
import { serveChannel } from '../bids/live-channel.ts';
import { createNotificationsService } from './notifications.service.ts';

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const notifications = createNotificationsService(ctx);
  const { auth } = ctx;

  app.get('/api/notifications', { onRequest: auth.requireUser }, async (request) => {
    return notifications.list(request.userId!, parseInput(NotificationListQuerySchema, request.query));
  });

  app.get('/api/notifications/totals_unread', { onRequest: auth.requireUser }, async (request) => {
    return { total: await notifications.unreadCount(request.userId!) };
  });

  app.get('/api/notifications/mark_as_read/:id', { onRequest: auth.requireUser }, async (request) => {
    const { id } = parseInput(IdParamSchema, request.params);
    return notifications.markRead(request.userId!, id);
  });

  // The user's live notifications: each new one, a read mark from another tab, and the unread
  // count after each, so the header count stays right without reloading. Browsers can't set
  // headers on a WebSocket, so the token travels in the query string.
  app.get(
    '/api/notifications/ws',
    { websocket: true, config: perAddress(limits.socketConnection) },
    async (socket, request) => {
      const token = (request.query as { token?: unknown }).token;
      const userId = typeof token === 'string' && token.length < 4096 ? await auth.verifyToken(token) : null;
      if (!userId) {
        socket.close(4401, 'unauthorized');
        return;
      }
      const withCount = async (payload: unknown) => [
        payload,
        { message: 'unread_count', total: await notifications.unreadCount(userId) },
      ];
      try {
        await serveChannel(socket, ctx.events, channels.userNotifications(userId), {
          transform: withCount,
          onError: (err) => request.log.warn({ err }, 'notification channel failed'),
        });
        const total = await notifications.unreadCount(userId);
        if (socket.readyState === socket.OPEN)
          socket.send(JSON.stringify({ message: 'unread_count', total }));
      } catch (err) {
        request.log.warn({ err }, 'notification channel subscription failed');
        socket.close(1011, 'unavailable');
      }
    },
  );
}
