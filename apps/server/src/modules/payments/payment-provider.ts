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
  /** Asks the processor for a link's state; null when it does not know the link. */
  getLinkStatus(linkId: string): Promise<LinkStatus | null>;
  /**
   * Asks for a charge back in full; resolves with the processor's id of the request once it is
   * accepted. The refund is done when the processor confirms the void (VOID_APPROVED), failed
   * when it refuses it (VOID_REJECTED).
   */
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
