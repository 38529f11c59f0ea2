import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
  UnsubscribeParamsSchema,
  UnsubscribeResponseSchema,
} from './notification-preferences.ts';

export const notificationPreferencesEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/notification-preferences',
    summary: 'Which e-mail and push types the user receives (all on at first)',
    tag: 'notifications',
    auth: 'user',
    responses: { 200: NotificationPreferencesSchema, 401: errorResponses[401] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/notification-preferences',
    summary: 'Sets which e-mail and push types the user receives (push left out: unchanged)',
    tag: 'notifications',
    auth: 'user',
    body: NotificationPreferencesUpdateSchema,
    responses: { 200: NotificationPreferencesSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/unsubscribe/:token',
    summary: 'One-click unsubscribe from one e-mail type with the signed token of an e-mail (no login)',
    tag: 'notifications',
    auth: 'none',
    params: UnsubscribeParamsSchema,
    errorCodes: ['UNSUBSCRIBE_TOKEN_INVALID'],
    responses: { 200: UnsubscribeResponseSchema, 400: errorResponses[400] },
  }),
};
