import { formatCOPExact, refundMessages } from '@app/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';
import { createNotifications, type NotificationDto } from '../notifications/notifications.service.ts';
import type { PaymentProvider } from './payment-provider.ts';

type Created = Array<NotificationDto & { user_id: number }>;

/** A claimed refund is not picked again by another process for this long (the call's lease). */
const LEASE_MS = 5 * 60 * 1000;
/** Waits between attempts; after the last one the refund is marked failed for the team. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
const MAX_ATTEMPTS = 10;
/** A request the processor accepted but never confirmed is made again after this long. */
const AWAIT_CONFIRMATION_MS = 24 * 3600_000;
const BATCH = 10;

/**
 * Records, inside the caller's transaction, that a charge must be given back, and tells the
 * buyer. One refund per charge (payment and transaction): a replayed or repeated notification of
 * the same charge records nothing more and notifies nobody again.
 */
export async function recordRefund(
  trx: Database,
  input: {
    payment: { id: string; buyer_id: number; provider: string; currency: string };
    transactionId: string | null;
    amountCentavos: number;
    productName: string;
    reason: string;
    now: Date;
    /**
     * The buyer's notice when the default (a payment that could not be applied) does not fit;
     * null when the caller tells the buyer itself.
     */
    notice?: { title: string; message: string; link: string | null } | null;
  },
): Promise<Created> {
  const row = await trx
    .insertInto('refunds')
    .values({
      payment_id: input.payment.id,
      charge_key: `${input.payment.id}:${input.transactionId ?? '-'}`,
      provider: input.payment.provider,
      provider_tx_id: input.transactionId,
      amount: input.amountCentavos,
      currency: input.payment.currency,
      reason: input.reason,
      next_attempt_at: input.now,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.column('charge_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row || input.notice === null) return [];
  const amount = formatCOPExact(toPesos(input.amountCentavos));
  return createNotifications(
    trx,
    [
      {
        userId: input.payment.buyer_id,
        type: 'payment_refunded',
        ...(input.notice ?? {
          title: 'Reembolsaremos tu pago',
          message: `Tu pago de ${amount} por "${input.productName}" no pudo aplicarse: ${input.reason} Ya solicitamos el reembolso a la entidad.`,
          link: `/payment?bold-order-id=${input.payment.id}&bold-tx-status=approved`,
        }),
      },
    ],
    input.now,
  );
}

/**
 * The refunds job: claims due refunds (SKIP LOCKED, then a short lease so the processor is
 * called outside any transaction), asks the processor, and records the answer. Failures wait
 * longer each time and stay in the table; nothing is only logged.
 */
export function createRefundProcessor(ctx: AppContext, provider: PaymentProvider) {
  const { db } = ctx;

  return async function processDueRefunds(now: Date): Promise<number> {
    // Claimed and leased in one statement: other processes skip these rows, and the processor is
    // called outside any transaction.
    const claimed = await db
      .updateTable('refunds')
      .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('refunds')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'payment_id', 'provider_tx_id', 'amount', 'currency', 'attempts'])
      .execute();

    for (const refund of claimed) await attemptRefund(ctx, provider, refund);
    return claimed.length;
  };
}

/** A refund claimed for one attempt (by the job, or by an operator's retry). */
export interface ClaimedRefund {
  id: string;
  payment_id: string;
  provider_tx_id: string | null;
  amount: number;
  currency: string;
  attempts: number;
}

/**
 * Asks the processor for one refund and records its answer: accepted (pending until the
 * processor confirms the void), or the error, retried later and failed after the last attempt.
 */
export async function attemptRefund(ctx: AppContext, provider: PaymentProvider, refund: ClaimedRefund) {
  const { db, log } = ctx;
  const attempts = refund.attempts + 1;
  try {
    const { refundId } = await provider.refund({
      paymentId: refund.payment_id,
      transactionId: refund.provider_tx_id,
      amountCentavos: Number(refund.amount),
      currency: refund.currency,
    });
    // Accepted, not done: the processor's void notification settles it (the sandbox's has
    // already). Without one, the request is made again a day later.
    const at = ctx.clock.now();
    await db
      .updateTable('refunds')
      .set({
        attempts,
        provider_refund_id: refundId,
        requested_at: at,
        // The sandbox settles a void inside the call: a refusal recorded then keeps its reason.
        last_error: sql<string | null>`case when status = 'failed' then last_error end`,
        next_attempt_at: new Date(at.getTime() + AWAIT_CONFIRMATION_MS),
        updated_at: at,
      })
      .where('id', '=', refund.id)
      .execute();
  } catch (error) {
    const failed = attempts >= MAX_ATTEMPTS;
    const wait = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
    const at = ctx.clock.now();
    await db
      .updateTable('refunds')
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        last_error: String((error as Error).message ?? error).slice(0, 500),
        next_attempt_at: new Date(at.getTime() + wait),
        updated_at: at,
      })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .execute();
    (failed ? log.error : log.warn).call(
      log,
      { err: error, refundId: refund.id, paymentId: refund.payment_id, attempts },
      failed ? 'refund failed for good: handle it by hand' : 'refund attempt failed; will retry',
    );
  }
}

/**
 * The processor's word on a void of this payment (of that charge, when it names one): its
 * pending refunds become `done` (and each buyer is told) or `failed` (for an operator to retry).
 * Answers the notifications to publish after the commit.
 */
export async function settleRefunds(
  trx: Database,
  input: { paymentId: string; transactionId: string | null; outcome: 'done' | 'failed'; now: Date },
): Promise<Created> {
  const { now } = input;
  let query = trx
    .updateTable('refunds')
    .set(
      input.outcome === 'done'
        ? { status: 'done', refunded_at: now, last_error: null, updated_at: now }
        : { status: 'failed', last_error: refundMessages.rejectedByProcessor, updated_at: now },
    )
    .where('payment_id', '=', input.paymentId)
    .where('status', '=', 'pending');
  if (input.transactionId) query = query.where('provider_tx_id', '=', input.transactionId);
  const settled = await query.returning(['id', 'amount']).execute();
  if (input.outcome === 'failed' || settled.length === 0) return [];
  const payment = await trx
    .selectFrom('payments as pay')
    .innerJoin('products as p', 'p.id', 'pay.product_id')
    .select(['pay.buyer_id', 'p.name'])
    .where('pay.id', '=', input.paymentId)
    .executeTakeFirstOrThrow();
  return createNotifications(
    trx,
    settled.map((refund) => ({
      userId: payment.buyer_id,
      type: 'payment_refunded',
      title: 'Reembolso realizado',
      message: `Reembolsamos ${formatCOPExact(toPesos(Number(refund.amount)))} de tu pago por "${payment.name}". Según tu banco, puede tardar unos días en verse.`,
      link: null,
    })),
    now,
  );
}
