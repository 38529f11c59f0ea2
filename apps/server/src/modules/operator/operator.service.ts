import {
  type AdminAuditResponse,
  type AdminReportsResponse,
  type AdminStatsResponse,
  type AdminUser,
  type AdminUsersResponse,
  adminMessages,
  type CreateReportInput,
  type CreateReportResponse,
  pageMeta,
  type ReportAction,
  type ReportStatus,
  type ReportTargetType,
  type StatsFigures,
  type TakedownResponse,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { toPesos } from '../../platform/money.ts';
import { unpaidStrikesOfUsers } from '../trust/trust.service.ts';
import { setSuspension } from '../users/account-states.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { recordOperatorAction } from './audit-log.service.ts';
import { createInvitations } from './invitations.ts';
import { createModerationSteps, nothingAfter } from './moderation-steps.ts';
import { operatorRepository as repo } from './operator.repository.ts';
import { toAdminReport, toAdminUser, toAuditEntry } from './operator-views.ts';
import { type ReportTargetResolver, reportTargets } from './report-targets.ts';
import { statsRepository } from './stats.repository.ts';

/*
 * Running the marketplace, in steps: `moderation-steps.ts` (taking products down, suspending),
 * `invitations.ts`, `audit-log.service.ts` (also used by other modules: an operator resolving
 * a claim), `operator-views.ts` (rows as the admin pages show them).
 */

export interface OperatorOptions {
  /** Claims opened and not resolved; the claims module provides it (0 until claims exist). */
  countOpenClaims?: (db: Database) => Promise<number>;
  /** Extra report targets (the questions module's `question`). */
  reportTargets?: Partial<Record<ReportTargetType, ReportTargetResolver>>;
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * Running the marketplace. Every action is one transaction that also writes its audit entry;
 * notifications, live messages and ended sessions go out after it commits.
 */
export function createOperatorService(ctx: AppContext, users: UsersService, options: OperatorOptions = {}) {
  const { db, clock } = ctx;
  const { finish, takeDownChecked, suspendIn } = createModerationSteps(ctx, users);
  const invitations = createInvitations(ctx, users);
  const countOpenClaims = options.countOpenClaims ?? (async () => 0);

  const targets = reportTargets(options.reportTargets);

  async function adminUser(userId: number): Promise<AdminUser> {
    const row = await repo.findUserForAdmin(db, userId);
    if (!row) throw notFound('USER_NOT_FOUND', adminMessages.userNotFound);
    const strikes = await unpaidStrikesOfUsers(db, [userId], clock.now());
    return toAdminUser(row, strikes.get(userId) ?? 0);
  }

  return {
    // --- The business at a glance ----------------------------------------------------------

    async stats(days: number): Promise<AdminStatsResponse> {
      const now = clock.now();
      const [rows, pending, openClaims] = await Promise.all([
        statsRepository.dailyFigures(db, now, days),
        statsRepository.pending(db),
        countOpenClaims(db),
      ]);
      const totals: StatsFigures = { gmv: 0, orders: 0, commission: 0, new_users: 0, bids: 0 };
      let gmvCentavos = 0;
      let commissionCentavos = 0;
      const dayRows = rows.map((row) => {
        const figures = {
          date: row.day,
          gmv: toPesos(Number(row.gmv)),
          orders: Number(row.orders),
          commission: toPesos(Number(row.commission)),
          new_users: Number(row.new_users),
          bids: Number(row.bids),
        };
        gmvCentavos += Number(row.gmv);
        commissionCentavos += Number(row.commission);
        totals.orders += figures.orders;
        totals.new_users += figures.new_users;
        totals.bids += figures.bids;
        return figures;
      });
      totals.gmv = toPesos(gmvCentavos);
      totals.commission = toPesos(commissionCentavos);
      return {
        days: dayRows,
        totals,
        active_auctions: Number(pending.active_auctions),
        payable_total: toPesos(Number(pending.payable_total)),
        held_total: toPesos(Number(pending.held_total)),
        open_claims: openClaims,
        open_reports: Number(pending.open_reports),
      };
    },

    // --- Accounts and invitations ----------------------------------------------------------

    async listUsers(query: string | undefined, page: number, size: number): Promise<AdminUsersResponse> {
      const { rows, total } = await repo.listUsers(db, query || undefined, size, (page - 1) * size);
      const strikes = await unpaidStrikesOfUsers(
        db,
        rows.map((r) => r.id),
        clock.now(),
      );
      return {
        items: rows.map((r) => toAdminUser(r, strikes.get(r.id) ?? 0)),
        meta: pageMeta(total, page, size),
      };
    },

    ...invitations,

    async suspend(operatorId: number, userId: number, reason: string) {
      const now = clock.now();
      const after = nothingAfter();
      const { user, takenDown } = await db
        .transaction()
        .execute((trx) => suspendIn(trx, operatorId, userId, reason, now, after));
      await finish(after);
      return {
        message: adminMessages.userSuspended(user.username),
        user: await adminUser(userId),
        products_taken_down: takenDown,
      };
    },

    /** Lifts a suspension; products taken down stay down. */
    async reinstate(operatorId: number, userId: number, reason: string | null) {
      const now = clock.now();
      const username = await db.transaction().execute(async (trx) => {
        const user = await repo.lockUser(trx, userId);
        if (!user) throw notFound('USER_NOT_FOUND', adminMessages.userNotFound);
        if (!user.suspended_at) throw conflict('USER_NOT_SUSPENDED', adminMessages.userNotSuspended);
        await setSuspension(trx, userId, null, now);
        await recordOperatorAction(trx, {
          actorId: operatorId,
          action: 'reinstate',
          targetType: 'user',
          targetId: userId,
          targetLabel: user.username,
          note: reason,
          at: now,
        });
        return user.username;
      });
      return { message: adminMessages.userReinstated(username), user: await adminUser(userId) };
    },

    // --- Moderation ------------------------------------------------------------------------

    async takeDown(operatorId: number, productId: number, reason: string): Promise<TakedownResponse> {
      const now = clock.now();
      const after = nothingAfter();
      await db.transaction().execute(async (trx) => {
        const product = await takeDownChecked(trx, productId, reason, now, after);
        await recordOperatorAction(trx, {
          actorId: operatorId,
          action: 'takedown',
          targetType: 'product',
          targetId: productId,
          targetLabel: product.name,
          note: reason,
          at: now,
        });
      });
      await finish(after);
      return { message: adminMessages.takedownDone, product_id: productId, taken_down_at: now.toISOString() };
    },

    /** Any logged-in user reports a product, a user or a question; one open report per target. */
    async report(reporterId: number, input: CreateReportInput): Promise<CreateReportResponse> {
      const target = await targets[input.target_type]?.find(db, input.target_id);
      if (!target) throw notFound('REPORT_TARGET_NOT_FOUND', adminMessages.reportTargetNotFound);
      if (target.ownerId === reporterId) throw badRequest('REPORT_OWN_TARGET', adminMessages.reportOwnTarget);
      try {
        const row = await repo.insertReport(db, {
          reporter_id: reporterId,
          target_type: input.target_type,
          target_id: input.target_id,
          reason: input.reason,
          comment: input.comment,
          created_at: clock.now(),
        });
        return { id: row.id, message: adminMessages.reportCreated };
      } catch (error) {
        // The partial unique index keeps one open report per reporter and target, even at once.
        if (isUniqueViolation(error)) throw conflict('REPORT_DUPLICATE', adminMessages.reportDuplicate);
        throw error;
      }
    },

    async listReports(status: ReportStatus, page: number, size: number): Promise<AdminReportsResponse> {
      const { rows, total } = await repo.listReports(db, status, size, (page - 1) * size);
      return { items: rows.map(toAdminReport), meta: pageMeta(total, page, size) };
    },

    /**
     * Resolves an open report: dismissed, or acted on (the product taken down, or the account
     * behind the target suspended) in the same transaction. A target already taken down or
     * suspended is not acted on twice.
     */
    async resolveReport(operatorId: number, reportId: number, action: ReportAction, note: string) {
      const now = clock.now();
      const after = nothingAfter();
      await db.transaction().execute(async (trx) => {
        const report = await repo.lockReport(trx, reportId);
        if (!report) throw notFound('REPORT_NOT_FOUND', adminMessages.reportNotFound);
        if (report.status !== 'open') throw conflict('REPORT_RESOLVED', adminMessages.reportAlreadyResolved);
        const target = await targets[report.target_type]?.find(trx, report.target_id);
        if (action === 'takedown') {
          if (report.target_type !== 'product') {
            throw badRequest('REPORT_ACTION_NOT_APPLICABLE', adminMessages.reportActionNotApplicable);
          }
          const product = await repo.lockProduct(trx, report.target_id);
          if (!product) throw notFound('PRODUCT_NOT_FOUND', adminMessages.productNotFound);
          if (!product.taken_down_at) {
            const removed = await takeDownChecked(trx, report.target_id, note, now, after);
            await recordOperatorAction(trx, {
              actorId: operatorId,
              action: 'takedown',
              targetType: 'product',
              targetId: removed.id,
              targetLabel: removed.name,
              note,
              at: now,
            });
          }
        } else if (action === 'suspend') {
          const ownerId = target?.ownerId ?? null;
          if (ownerId === null)
            throw badRequest('REPORT_ACTION_NOT_APPLICABLE', adminMessages.reportActionNotApplicable);
          const owner = await repo.lockUser(trx, ownerId);
          if (owner && !owner.suspended_at) await suspendIn(trx, operatorId, ownerId, note, now, after);
        }
        await repo.resolveReport(trx, reportId, { resolution: action, note, by: operatorId, now });
        await recordOperatorAction(trx, {
          actorId: operatorId,
          action: 'resolve_report',
          targetType: 'report',
          targetId: reportId,
          targetLabel: target ? `${report.target_type}: ${target.name}` : report.target_type,
          note: `${action}: ${note}`,
          at: now,
        });
      });
      await finish(after);
      const row = await repo.findReport(db, reportId);
      if (!row) throw notFound('REPORT_NOT_FOUND', adminMessages.reportNotFound);
      return { message: adminMessages.reportResolved, report: toAdminReport(row) };
    },

    // --- Audit -----------------------------------------------------------------------------

    async audit(page: number, size: number): Promise<AdminAuditResponse> {
      const { rows, total } = await repo.listAudit(db, size, (page - 1) * size);
      return {
        items: rows.map(toAuditEntry),
        meta: pageMeta(total, page, size),
      };
    },
  };
}
