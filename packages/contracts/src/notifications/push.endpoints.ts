import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  PushDeviceListQuerySchema,
  PushDeviceListSchema,
  PushDeviceSchema,
  PushPublicKeySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from './push.schemas.ts';

export const pushEndpoints = {
  publicKey: defineEndpoint({
    method: 'GET',
    path: '/api/push/public-key',
    summary: "The server's VAPID public key (base64url), for the browser's push subscription",
    tag: 'push',
    auth: 'none',
    responses: { 200: PushPublicKeySchema },
  }),
  devices: defineEndpoint({
    method: 'GET',
    path: '/api/push/subscriptions',
    summary: "The user's devices subscribed to push notifications",
    tag: 'push',
    auth: 'user',
    query: PushDeviceListQuerySchema,
    responses: { 200: PushDeviceListSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    summary: 'Subscribes this device (its push service endpoint and keys) to the user’s notifications',
    tag: 'push',
    auth: 'user',
    body: PushSubscriptionBodySchema,
    errorCodes: ['PUSH_ENDPOINT_REFUSED', 'PUSH_DEVICE_LIMIT'],
    responses: {
      201: PushDeviceSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      409: errorResponses[409],
    },
  }),
  unsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    summary: 'Stops pushes to one of the user’s devices (by its endpoint)',
    tag: 'push',
    auth: 'user',
    body: PushUnsubscribeBodySchema,
    responses: { 200: z.object({ message: z.string() }), 400: errorResponses[400], 401: errorResponses[401] },
  }),
};
