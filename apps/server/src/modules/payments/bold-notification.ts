import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { verifyBoldSignature } from './bold-signature.ts';
import type { WebhookReading } from './payment-outcome.ts';

/**
 * The fields of a Bold webhook notification the server acts on (developers.bold.co/webhook):
 * `id` (unique per notification: our idempotency key), `type`, `subject` (Bold's transaction id),
 * `data.payment_id`, `data.metadata.reference` (our payment id), `data.amount.total` (whole COP)
 * and `data.amount.currency`. Everything else is kept as received in payment_events.
 */
const BoldNotificationSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(60),
  subject: z.string().max(200).nullish(),
  time: z.number().nullish(),
  // Bold marks payments made in its test mode; production refuses them.
  is_sandbox: z.unknown().optional(),
  data: z.looseObject({
    is_sandbox: z.unknown().optional(),
    payment_id: z.string().max(200).nullish(),
    metadata: z.looseObject({ reference: z.string().max(200).nullish() }).nullish(),
    amount: z
      .looseObject({
        total: z.number().nullish(),
        currency: z.string().max(10).nullish(),
      })
      .nullish(),
    payment_method: z.string().max(60).nullish(),
  }),
});
export type BoldNotification = z.infer<typeof BoldNotificationSchema>;

/** A notification like the ones Bold sends for a payment link (used by the sandbox checkout). */
export function buildSaleNotification(input: {
  type: 'SALE_APPROVED' | 'SALE_REJECTED';
  reference: string;
  transactionId: string;
  totalPesos: number;
  now: Date;
}): BoldNotification & Record<string, unknown> {
  const bogota = new Date(input.now.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 19);
  return {
    id: randomUUID(),
    type: input.type,
    subject: input.transactionId,
    source: '/payments/links',
    spec_version: '1.0',
    time: Math.floor(input.now.getTime() / 1000) * 1e9,
    data: {
      payment_id: input.transactionId,
      merchant_id: 'SANDBOX',
      created_at: `${bogota}-05:00`,
      amount: { currency: 'COP', total: input.totalPesos, taxes: [], tip: 0 },
      metadata: { reference: input.reference },
      payment_method: 'CARD_WEB',
      integration: 'LINK',
    },
    datacontenttype: 'application/json',
  };
}

/** A webhook request in Bold's format: its signature over the exact raw body first. */
export function readBoldWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secretKey: string,
): WebhookReading {
  if (!verifyBoldSignature(rawBody, signature, secretKey)) return { kind: 'unsigned' };
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'malformed' };
  }
  const parsed = BoldNotificationSchema.safeParse(json);
  if (!parsed.success) return { kind: 'malformed' };
  const n = parsed.data;
  const reference = n.data.metadata?.reference;
  return {
    kind: 'outcome',
    notificationId: n.id,
    sandbox: n.is_sandbox === true || n.data.is_sandbox === true,
    outcome: {
      eventKey: `bold:${n.id}`,
      type: n.type,
      paymentId: isUuid(reference) ? reference.toLowerCase() : null,
      transactionId: n.data.payment_id ?? n.subject ?? null,
      paidPesos: n.data.amount?.total ?? null,
      currency: n.data.amount?.currency ?? null,
      payload: json,
    },
  };
}
