import { IdParamSchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  UnreadTotalSchema,
} from './notification.schemas.ts';
import { NotificationSchema } from './notification-socket.schemas.ts';

export const notificationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: "The user's notifications, newest first, a page at a time",
    tag: 'notifications',
    auth: 'user',
    query: NotificationListQuerySchema,
    responses: { 200: NotificationListResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  unreadTotal: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/totals_unread',
    summary: 'How many notifications the user has not read',
    tag: 'notifications',
    auth: 'user',
    responses: { 200: UnreadTotalSchema, 401: errorResponses[401] },
  }),
  markRead: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/mark_as_read/:id',
    summary: 'Marks one of the user’s notifications read',
    tag: 'notifications',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: ['NOTIFICATION_NOT_FOUND'],
    responses: {
      200: NotificationSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  }),
};
