import { z } from 'zod';
import { PageMetaSchema } from '../common/schemas.ts';
import { pushMessages } from './push.messages.ts';

/** The most devices one account may subscribe. */
export const MAX_PUSH_DEVICES = 10;

const invalid = { error: pushMessages.invalidSubscription };
// A push service's endpoint URL: parsed and checked against the allowed hosts by the server.
const endpoint = z
  .string(invalid)
  .trim()
  .min(1, invalid)
  .max(1000, { ...invalid, abort: true });
// The browser's keys, base64url: an uncompressed P-256 point (87 characters) and 16 bytes (22).
const base64url = (min: number, max: number) =>
  z
    .string(invalid)
    .min(min, invalid)
    .max(max, { ...invalid, abort: true })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, invalid);

export const PushPublicKeySchema = z.object({ key: z.string() });

export const PushSubscriptionBodySchema = z.object(
  {
    endpoint,
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }, invalid),
  },
  invalid,
);
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint }, invalid);

export const PushDeviceSchema = z.object({
  endpoint: z.string(),
  /** The start of the browser's User-Agent when it subscribed. */
  device: z.string().nullable(),
  created_at: z.string(),
  /** Subscribed from the session asking. */
  current_session: z.boolean(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDeviceListSchema = z.object({ data: z.array(PushDeviceSchema), meta: PageMetaSchema });
export const PushDeviceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(MAX_PUSH_DEVICES),
});

/** What a device receives: shown as a system notification that opens `url` when tapped. */
export const PushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof PushPayloadSchema>;
