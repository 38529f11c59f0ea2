import {
  type AdminRefund,
  type AdminRefundsResponse,
  adminRefundsEndpoints,
  pageMeta,
  REFUND_STATUSES,
  type RefundStatusValue,
  type RetryRefundResponse,
  refundMessages,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { toPesos } from '../../platform/money.ts';
import { declareRoute } from '../../platform/routes.ts';
import { recordOperatorAction } from '../operator/audit-log.service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { attemptRefund } from './refunds.service.ts';

/** The retried attempt is this process's for this long (the job does not pick it meanwhile). */
const RETRY_LEASE_MS = 5 * 60 * 1000;

function refundRows(db: Database) {
  return db
    .selectFrom('refunds as r')
    .innerJoin('payments as pay', 'pay.id', 'r.payment_id')
    .innerJoin('products as p', 'p.id', 'pay.product_id')
    .innerJoin('users as u', 'u.id', 'pay.buyer_id')
    .select([
      'r.id',
      'r.payment_id',
      'p.name as product_name',
      'u.username as buyer_username',
      'r.amount',
      'r.status',
      'r.reason',
      'r.attempts',
      'r.last_error',
      'r.created_at',
    ]);
}

type RefundRow = Awaited<ReturnType<ReturnType<typeof refundRows>['executeTakeFirstOrThrow']>>;

function toAdminRefund(row: RefundRow): AdminRefund {
  return {
    id: row.id,
    payment_id: row.payment_id,
    product_name: row.product_name,
    buyer_username: row.buyer_username,
    amount: toPesos(Number(row.amount)),
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
  };
}

/** Refunds by state, newest first. */
async function listRefunds(
  db: Database,
  status: RefundStatusValue | undefined,
  page: number,
  size: number,
): Promise<AdminRefundsResponse> {
  let rows = refundRows(db);
  let count = db.selectFrom('refunds').select((eb) => eb.fn.countAll<string>().as('n'));
  if (status) {
    rows = rows.where('r.status', '=', status);
    count = count.where('status', '=', status);
  }
  const [items, total] = await Promise.all([
    rows
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(toAdminRefund), meta: pageMeta(Number(total.n), page, size) };
}

/**
 * An operator asks again for a failed refund: one conditional update takes it from failed to
 * pending (audited in the same transaction), so of two operators at once one retries and the
 * other gets 409; then the processor is asked right away and the answer is the refund's state.
 */
async function retryRefund(
  ctx: AppContext,
  provider: PaymentProvider,
  operatorId: number,
  id: string,
): Promise<RetryRefundResponse> {
  const missing = () => notFound('REFUND_NOT_FOUND', refundMessages.notFound);
  if (!isUuid(id)) throw missing();
  const refundId = id.toLowerCase();
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('refunds')
      .set({ status: 'pending', next_attempt_at: new Date(now.getTime() + RETRY_LEASE_MS), updated_at: now })
      .where('id', '=', refundId)
      .where('status', '=', 'failed')
      .returning(['id', 'payment_id', 'provider_tx_id', 'amount', 'currency', 'attempts'])
      .executeTakeFirst();
    if (!taken) return null;
    const row = await refundRows(trx).where('r.id', '=', refundId).executeTakeFirstOrThrow();
    await recordOperatorAction(trx, {
      actorId: operatorId,
      action: 'retry_refund',
      targetType: 'refund',
      targetId: refundId,
      targetLabel: `${row.product_name} · ${row.buyer_username}`,
      note: row.last_error,
      at: now,
    });
    return taken;
  });
  if (!claimed) {
    const exists = await ctx.db
      .selectFrom('refunds')
      .select('id')
      .where('id', '=', refundId)
      .executeTakeFirst();
    if (!exists) throw missing();
    throw conflict('REFUND_NOT_FAILED', refundMessages.notFailed);
  }
  await attemptRefund(ctx, provider, { ...claimed, amount: Number(claimed.amount) });
  const row = await refundRows(ctx.db).where('r.id', '=', refundId).executeTakeFirstOrThrow();
  return { message: refundMessages.retried, refund: toAdminRefund(row) };
}

/** The operators' refunds calls (the operator check covers every /api/admin/ route). */
export function refundsAdminRoutes(app: FastifyInstance, ctx: AppContext, provider: PaymentProvider) {
  declareRoute(app, ctx, adminRefundsEndpoints.list, {}, async (request) => {
    const { status, page, size } = request.query;
    return listRefunds(ctx.db, status, page, size);
  });
  declareRoute(app, ctx, adminRefundsEndpoints.retry, {}, async (request) =>
    retryRefund(ctx, provider, request.userId!, request.params.id),
  );
}

/** `/metrics`: refunds by state, read from the table so every process reports the same. */
export function registerRefundMetrics(app: FastifyInstance, ctx: AppContext) {
  new Gauge({
    name: 'payments_refunds',
    help: 'Refunds by state: pending (asked or waiting for the processor), done, failed (an operator must retry).',
    labelNames: ['status'],
    registers: [app.metricsRegistry],
    async collect() {
      const rows = await ctx.db
        .selectFrom('refunds')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .execute();
      for (const status of REFUND_STATUSES) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      }
    },
  });
}
