import { randomBytes } from 'node:crypto';
import { readBoldWebhook } from './bold-notification.ts';
import type { WebhookReading } from './payment-outcome.ts';

/** What the checkout needs to charge one payment. */
export interface CreateLinkInput {
  /** Our payment id: Bold sends it back as `data.metadata.reference`. */
  reference: string;
  amountCentavos: number;
  /** Shown on the checkout (at most 100 characters). */
  description: string;
  expiresAt: Date;
  /** Where the checkout sends the browser when it is done. */
  callbackUrl: string;
  /** The origin the buyer uses (for the sandbox checkout address). */
  origin: string;
  payerEmail?: string | null;
}

export interface CreatedLink {
  /** Bold's `payment_link` id (LNK_…). */
  linkId: string;
  /** The checkout address (`payload.url`). */
  url: string;
}

/** Bold's link states: ACTIVE, PROCESSING, PAID, REJECTED, CANCELLED, EXPIRED. */
export interface LinkStatus {
  status: string;
  reference: string | null;
  /** Whole COP, as Bold reports it. */
  total: number | null;
  transactionId: string | null;
  isSandbox: boolean | null;
}

export class PaymentProviderError extends Error {}
/** The processor did not answer in time: whatever was asked may or may not have happened there. */
export class PaymentProviderTimeout extends PaymentProviderError {}

/** What a refund needs: our payment, the processor's transaction, the amount charged. */
export interface RefundInput {
  paymentId: string;
  /** The processor's transaction id of the charge (Bold's `payment_id`); null when unknown. */
  transactionId: string | null;
  amountCentavos: number;
  currency: string;
}

/** The card processor behind one interface. */
export interface PaymentProvider {
  readonly name: 'bold' | 'sandbox';
  /** The key notifications are signed with (Bold's scheme, see bold-signature.ts). */
  readonly webhookSecret: string;
  /** Checks a webhook request's signature and reads it as a neutral outcome. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookReading;
  createLink(input: CreateLinkInput): Promise<CreatedLink>;
  /** Asks the processor for a link's state; null when it has no such query (sandbox). */
  getLinkStatus(linkId: string): Promise<LinkStatus | null>;
  /** Gives a charge back in full; resolves with the processor's id of the refund. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

/**
 * Bold charges whole pesos, and so is every amount we charge (typed prices and bids are whole
 * pesos, and the database refuses a charged amount with centavos): nothing to round.
 */
export function pesosToCharge(amountCentavos: number): number {
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos % 100 !== 0) {
    throw new RangeError(`A charged amount must be whole pesos: ${amountCentavos} centavos`);
  }
  return amountCentavos / 100;
}

/** `LNK_` and 12 characters, like Bold's link ids. */
export function newSandboxLinkId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(12);
  let id = 'LNK_';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

/**
 * The local stand-in of Bold: the checkout is our own page, the same origin, at
 * `/sandbox/bold/checkout/{linkId}`; its buttons deliver a notification signed exactly like Bold's.
 */
export function createSandboxProvider(webhookSecret: string): PaymentProvider {
  return {
    name: 'sandbox',
    webhookSecret,
    // The sandbox checkout sends notifications exactly as Bold does.
    parseWebhook: (rawBody, signature) => readBoldWebhook(rawBody, signature, webhookSecret),
    async createLink(input) {
      const linkId = newSandboxLinkId();
      return { linkId, url: `${input.origin}/sandbox/bold/checkout/${linkId}` };
    },
    async getLinkStatus() {
      return null;
    },
    // Nothing was charged: the refund is recorded (in the refunds table) under a sandbox id.
    async refund() {
      return { refundId: `SBXR${randomBytes(6).toString('hex').toUpperCase()}` };
    },
  };
}
