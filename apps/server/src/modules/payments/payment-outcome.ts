/**
 * What the processor said about one payment (a notification, or the answer to asking it), in no
 * processor's words: each provider turns its own webhook into this.
 */
export interface PaymentOutcome {
  /** Idempotency key: the processor's notification id, or the link state we were told. */
  eventKey: string;
  /** SALE_APPROVED, SALE_REJECTED, VOID_APPROVED; anything else is kept and not acted on. */
  type: string;
  paymentId: string | null;
  transactionId: string | null;
  /** Whole COP the processor says it charged, when it says. */
  paidPesos: number | null;
  currency: string | null;
  /** The processor's fee in centavos, when it tells us (Bold's notification does not). */
  processorFeeCentavos?: number;
  payload: unknown;
}

/** What a provider makes of one webhook request. */
export type WebhookReading =
  /** The signature over the exact raw body is missing or wrong: nothing may change. */
  | { kind: 'unsigned' }
  /** Signed, but not a notification the provider knows. */
  | { kind: 'malformed' }
  /** `sandbox`: made in the processor's test mode, which charges nobody. */
  | { kind: 'outcome'; outcome: PaymentOutcome; sandbox: boolean; notificationId: string };

/** What happened to one notification (or status query) — answered to the webhook caller. */
export type OutcomeResult =
  | 'duplicate'
  | 'ignored'
  | 'unchanged'
  | 'confirmed'
  | 'rejected'
  | 'not_confirmed'
  | 'voided'
  | 'void_rejected';
