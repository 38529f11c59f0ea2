import {
  type AdminPayout,
  type AdminPayoutStatus,
  type AdminPayoutsResponse,
  adminEndpoints,
  adminMessages,
  formatCOPExact,
  type MarkPaidResponse,
  PAYOUT_CSV_COLUMNS,
  pageMeta,
} from '@app/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { toPesos } from '../../platform/money.ts';
import { declareRoute } from '../../platform/routes.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { recordOperatorAction } from '../operator/audit-log.service.ts';
import { type PayoutRow, payoutsAdminRepository as repo } from './payouts-admin.repository.ts';

/** The CSV export is one bank batch: bounded like every list. */
const PAYOUT_EXPORT_LIMIT = 10_000;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

function toAdminPayout(row: PayoutRow): AdminPayout {
  return {
    id: row.id,
    seller_id: row.seller_id,
    seller_username: row.seller_username,
    seller_email: row.seller_email,
    product_id: row.product_id,
    product_name: row.product_name,
    amount: toPesos(Number(row.product_amount)),
    commission: toPesos(Number(row.commission_amount)),
    payable_amount: toPesos(Number(row.payable_amount)),
    status: row.status,
    payable_since: iso(row.payable_since),
    paid_at: iso(row.paid_at),
    reference: row.reference,
    bank:
      row.account_id === null
        ? null
        : {
            bank_name: row.bank_name ?? '',
            account_type: row.account_type ?? '',
            account_number: row.account_number ?? '',
            holder_name: row.account_name ?? '',
            document_type: row.account_document_type ?? '',
            document_number: row.account_document_number ?? '',
          },
  };
}

async function listPayouts(
  ctx: AppContext,
  status: AdminPayoutStatus | undefined,
  page: number,
  size: number,
): Promise<AdminPayoutsResponse> {
  const [rows, total] = await Promise.all([
    repo.listPayouts(ctx.db, status, size, (page - 1) * size),
    repo.countPayouts(ctx.db, status),
  ]);
  return { items: rows.map(toAdminPayout), meta: pageMeta(total, page, size) };
}

/**
 * Marks payouts paid with the transfer's reference, all or nothing: each is locked, and any one
 * unknown, not payable or whose seller has no bank account refuses the whole batch with its
 * name. Two operators sending the same batch at once pay it once (the second finds them paid).
 */
async function markPaid(
  ctx: AppContext,
  operatorId: number,
  payoutIds: string[],
  reference: string,
): Promise<MarkPaidResponse> {
  const ids = [...new Set(payoutIds)];
  const unknown = ids.find((id) => !isUuid(id));
  if (unknown !== undefined) throw notFound('PAYOUT_NOT_FOUND', adminMessages.payoutNotFound(unknown));
  const now = ctx.clock.now();
  const { rows, notifications } = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPayouts(trx, ids);
    const byId = new Map(locked.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw notFound('PAYOUT_NOT_FOUND', adminMessages.payoutNotFound(id));
      if (row.status !== 'payable') {
        throw conflict(
          'PAYOUT_NOT_PAYABLE',
          adminMessages.payoutNotPayable(id, row.product_name, row.status),
        );
      }
      if (row.account_id === null) {
        throw conflict('PAYOUT_NO_BANK_ACCOUNT', adminMessages.payoutNoBankAccount(id, row.seller_username));
      }
    }
    const paid = await repo.markPaid(trx, ids, reference, now);
    if (paid !== ids.length) throw conflict('PAYOUT_NOT_PAYABLE', adminMessages.payoutsMarkedPaid(paid));
    await recordOperatorAction(trx, {
      actorId: operatorId,
      action: 'mark_paid',
      targetType: 'payout',
      targetId: ids.join(','),
      targetLabel: adminMessages.payoutsMarkedPaid(ids.length),
      note: reference,
      at: now,
    });
    const notices: NewNotification[] = ids.map((id) => {
      const row = byId.get(id)!;
      return {
        userId: row.seller_id,
        type: 'payout_paid',
        title: adminMessages.payoutPaidTitle,
        message: adminMessages.payoutPaid(
          formatCOPExact(toPesos(Number(row.payable_amount))),
          row.product_name,
          reference,
        ),
        link: `/seller/payments`,
      };
    });
    return {
      notifications: await createNotifications(trx, notices, now),
      rows: await repo.lockPayouts(trx, ids),
    };
  });
  await publishNotifications(ctx.events, notifications).catch((err) =>
    ctx.log.warn({ err }, 'could not publish payout notifications'),
  );
  return {
    message: adminMessages.payoutsMarkedPaid(rows.length),
    paid_at: now.toISOString(),
    reference,
    payouts: rows.map(toAdminPayout),
  };
}

/** One CSV row per payout, in the columns of PAYOUT_CSV_COLUMNS. */
const csvRow = (p: AdminPayout) => [
  p.id,
  p.seller_username,
  p.seller_email,
  p.product_id,
  p.product_name,
  p.amount,
  p.commission,
  p.payable_amount,
  p.status,
  p.payable_since ?? '',
  p.paid_at ?? '',
  p.reference ?? '',
  p.bank?.bank_name ?? '',
  p.bank?.account_type ?? '',
  p.bank?.account_number ?? '',
  p.bank?.holder_name ?? '',
  p.bank?.document_type ?? '',
  p.bank?.document_number ?? '',
];

/** The operators' payouts calls (the operator check covers every /api/admin/ route). */
export function payoutsAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const e = adminEndpoints;
  declareRoute(app, ctx, e.payouts, {}, async (request) => {
    const { status, page, size } = request.query;
    return listPayouts(ctx, status, page, size);
  });

  // For the bank's batch transfer: a header row, then one row per payout. A byte-order mark
  // first, so a spreadsheet opens it as UTF-8 and keeps the accents.
  declareRoute(app, ctx, e.exportPayouts, {}, async (request, reply) => {
    const { status } = request.query;
    const rows = await repo.listPayouts(ctx.db, status, PAYOUT_EXPORT_LIMIT, 0);
    const csv = stringify(rows.map(toAdminPayout).map(csvRow), {
      header: true,
      columns: [...PAYOUT_CSV_COLUMNS],
      bom: true,
      record_delimiter: 'windows',
    });
    const day = ctx.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="pagos-${status}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  declareRoute(app, ctx, e.markPaid, {}, async (request) =>
    markPaid(ctx, request.userId!, request.body.payout_ids, request.body.reference),
  );
}
