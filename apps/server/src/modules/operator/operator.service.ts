import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationInput,
  type AdminAuditResponse,
  type AdminPayout,
  type AdminPayoutStatus,
  type AdminPayoutsResponse,
  type AdminReport,
  type AdminReportsResponse,
  type AdminStatsResponse,
  type AdminUser,
  type AdminUsersResponse,
  type AuditAction,
  adminMessages,
  type CreateReportInput,
  type CreateReportResponse,
  formatCOPExact,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InviteUserInput,
  type MarkPaidResponse,
  type ProductTakenDownMessage,
  pageMeta,
  type ReportAction,
  type ReportStatus,
  type ReportTargetType,
  type StatsFigures,
  type TakedownResponse,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { isUuid } from '../../platform/ids.ts';
import { toPesos } from '../../platform/money.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { dropCeilings, voidRace } from '../bids/bids.service.ts';
import { type DirectMail, enqueueMail } from '../mail/outbox.service.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { cancelOpenPayments } from '../payments/payments.service.ts';
import { productLifecycle } from '../products/products.service.ts';
import { productLink, questionLabel } from '../questions/questions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { dropWatchers } from '../watchlist/watchlist.service.ts';
import { type PayoutRow, operatorRepository as repo } from './operator.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** The CSV export is one bank batch: bounded like every list. */
export const PAYOUT_EXPORT_LIMIT = 10_000;

/** The invitation e-mail: the link to choose a password, and until when it works. */
function invitationMail(email: string, userId: number, link: string, expiresAt: Date): DirectMail {
  const until = expiresAt.toLocaleDateString('es-CO', {
    day: 'numeric',
    month: 'long',
    timeZone: 'America/Bogota',
  });
  return {
    kind: 'invitation',
    to: email,
    userId,
    title: 'Te invitaron a Coleccionables',
    message: `Tienes una invitación para unirte al mercado de coleccionables. Elige tu contraseña para activar tu cuenta; el enlace vence el ${until}.`,
    link,
  };
}

/** Only the hash of an invitation token is stored: a copy of the database opens no account. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

const profileLink = (username: string) => `/public-profile/${encodeURIComponent(username)}`;

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

type AdminUserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserForAdmin>>>;

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    is_seller: row.is_seller,
    is_operator: row.is_operator,
    status: row.suspended_at ? 'suspended' : 'active',
    has_password: row.password_hash !== '',
    created_at: row.created_at.toISOString(),
    suspended_at: iso(row.suspended_at),
    suspension_reason: row.suspension_reason,
    sales_count: Number(row.sales_count ?? 0),
    purchases_count: Number(row.purchases_count ?? 0),
  };
}

/** What the operator's action left to do once its transaction committed. */
interface AfterCommit {
  notifications: Awaited<ReturnType<typeof createNotifications>>;
  /** Live channels of products taken down. */
  takenDown: Array<{ auctionId: number; productId: number }>;
  /** Accounts whose every session ends. */
  endSessions: number[];
}

const nothingAfter = (): AfterCommit => ({ notifications: [], takenDown: [], endSessions: [] });

/**
 * What a report can be about, by type: whether it exists, what to call it, where it is seen and
 * whose it is. Questions are answered by the questions module when it is there (`reportTargets`
 * option); until then a report on a question finds nothing (404).
 */
export interface ReportTargetResolver {
  find(
    db: Database,
    id: number,
  ): Promise<{ name: string; link: string | null; ownerId: number | null } | undefined>;
}

export interface OperatorOptions {
  /** Claims opened and not resolved; the claims module provides it (0 until claims exist). */
  countOpenClaims?: (db: Database) => Promise<number>;
  /** Extra report targets (the questions module's `question`). */
  reportTargets?: Partial<Record<ReportTargetType, ReportTargetResolver>>;
}

/**
 * Records an operator's action in the append-only audit, inside the caller's transaction (so the
 * entry exists exactly when the action does): for actions other modules carry out, such as an
 * operator resolving a claim (`resolve_claim`).
 */
export function recordOperatorAction(
  trx: Database,
  entry: {
    actorId: number;
    action: AuditAction;
    targetType: string;
    targetId: string | number;
    targetLabel: string | null;
    note: string | null;
    at: Date;
  },
): Promise<void> {
  return repo.audit(trx, {
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: String(entry.targetId),
    target_label: entry.targetLabel,
    note: entry.note,
    created_at: entry.at,
  });
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * Running the marketplace. Every action is one transaction that also writes its audit entry;
 * notifications, live messages and ended sessions go out after it commits.
 */
export function createOperatorService(ctx: AppContext, users: UsersService, options: OperatorOptions = {}) {
  const { db, clock, events } = ctx;
  const countOpenClaims = options.countOpenClaims ?? (async () => 0);

  const targets: Record<ReportTargetType, ReportTargetResolver | undefined> = {
    product: {
      async find(d, id) {
        const row = await repo.productTarget(d, id);
        if (!row) return undefined;
        return { name: row.name, link: productLink(row.id, row.status), ownerId: row.owner_id };
      },
    },
    user: {
      async find(d, id) {
        const row = await repo.userTarget(d, id);
        if (!row) return undefined;
        return { name: row.username, link: profileLink(row.username), ownerId: row.id };
      },
    },
    question: undefined,
    ...options.reportTargets,
  };

  async function finish(after: AfterCommit): Promise<void> {
    const publishing = [
      publishNotifications(events, after.notifications),
      ...after.takenDown.map(({ auctionId, productId }) =>
        events.publish(channels.productBids(auctionId, productId), {
          message: 'taken_down',
          product_id: productId,
          text: adminMessages.productTakenDown,
        } satisfies ProductTakenDownMessage),
      ),
    ];
    await Promise.all(publishing).catch((err) => ctx.log.warn({ err }, 'could not publish operator events'));
    for (const userId of after.endSessions) await users.endAllSessions(userId);
  }

  /**
   * Takes one product down inside `trx` (locked first; the caller decides what a sold or
   * already removed product means): out of its auction (bids void), its open payments
   * cancelled, its watchers dropped; owner, bidders, watchers and waiting buyers notified.
   */
  async function takeDownIn(
    trx: Database,
    product: NonNullable<Awaited<ReturnType<typeof repo.lockProduct>>>,
    reason: string,
    now: Date,
    after: AfterCommit,
  ): Promise<void> {
    const raced = product.auction_id === null ? null : await voidRace(trx, product.auction_id, product.id);
    await productLifecycle.takeDown(trx, product.id, reason, now);
    const buyers = await cancelOpenPayments(trx, product.id, adminMessages.productTakenDown, now);
    const watchers = await dropWatchers(trx, product.id);
    const bidders = new Set((raced?.bidderIds ?? []).filter((id) => id !== product.owner_id));
    const others = new Set(
      [...watchers, ...buyers].filter((id) => id !== product.owner_id && !bidders.has(id)),
    );
    const notices: NewNotification[] = [
      {
        userId: product.owner_id,
        type: 'product_taken_down',
        title: adminMessages.takedownOwnerTitle,
        message: adminMessages.takedownOwner(product.name, reason),
        link: null,
      },
      ...[...bidders].map((userId) => ({
        userId,
        type: 'product_taken_down' as const,
        title: adminMessages.takedownBidderTitle,
        message: adminMessages.takedownBidder(product.name),
        link: null,
      })),
      ...[...others].map((userId) => ({
        userId,
        type: 'product_taken_down' as const,
        title: adminMessages.takedownWatcherTitle,
        message: adminMessages.takedownWatcher(product.name),
        link: null,
      })),
    ];
    after.notifications.push(...(await createNotifications(trx, notices, now)));
    if (raced) after.takenDown.push({ auctionId: raced.auctionId, productId: product.id });
  }

  async function takeDownChecked(
    trx: Database,
    productId: number,
    reason: string,
    now: Date,
    after: AfterCommit,
  ): Promise<NonNullable<Awaited<ReturnType<typeof repo.lockProduct>>>> {
    const product = await repo.lockProduct(trx, productId);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', adminMessages.productNotFound);
    if (product.taken_down_at)
      throw conflict('PRODUCT_ALREADY_TAKEN_DOWN', adminMessages.productAlreadyTakenDown);
    if (product.status !== 'available' && product.status !== 'in_auction') {
      throw conflict('PRODUCT_SOLD', adminMessages.productSoldCannotTakeDown);
    }
    await takeDownIn(trx, product, reason, now, after);
    return product;
  }

  /** Suspends inside `trx`: the account, then each of its unsold products taken down. */
  async function suspendIn(
    trx: Database,
    operatorId: number,
    userId: number,
    reason: string,
    now: Date,
    after: AfterCommit,
  ) {
    const user = await repo.lockUser(trx, userId);
    if (!user) throw notFound('USER_NOT_FOUND', adminMessages.userNotFound);
    if (user.id === operatorId) throw conflict('CANNOT_SUSPEND_SELF', adminMessages.cannotSuspendSelf);
    if (user.is_operator) throw conflict('CANNOT_SUSPEND_OPERATOR', adminMessages.cannotSuspendOperator);
    if (user.suspended_at) throw conflict('USER_ALREADY_SUSPENDED', adminMessages.userAlreadySuspended);
    await trx
      .updateTable('users')
      .set({ suspended_at: now, suspension_reason: reason, updated_at: now })
      .where('id', '=', userId)
      .execute();
    // A suspended account bids no more, not even through the maximum bids it left behind.
    await dropCeilings(trx, userId);
    let takenDown = 0;
    for (const productId of await repo.unsoldProductIds(trx, userId)) {
      const product = await repo.lockProduct(trx, productId);
      if (
        !product ||
        product.taken_down_at ||
        (product.status !== 'available' && product.status !== 'in_auction')
      )
        continue;
      await takeDownIn(trx, product, reason, now, after);
      takenDown += 1;
    }
    await recordOperatorAction(trx, {
      actorId: operatorId,
      action: 'suspend',
      targetType: 'user',
      targetId: userId,
      targetLabel: user.username,
      note: reason,
      at: now,
    });
    after.endSessions.push(userId);
    return { user, takenDown };
  }

  async function adminUser(userId: number): Promise<AdminUser> {
    const row = await repo.findUserForAdmin(db, userId);
    if (!row) throw notFound('USER_NOT_FOUND', adminMessages.userNotFound);
    return toAdminUser(row);
  }

  /** A report as listed, its target named from the row itself (no query per report). */
  function toAdminReport(row: Awaited<ReturnType<typeof repo.listReports>>['rows'][number]): AdminReport {
    let name: string | null = null;
    let link: string | null = null;
    if (row.target_type === 'product' && row.product_name !== null && row.product_status !== null) {
      name = row.product_name;
      link = productLink(row.target_id, row.product_status);
    } else if (row.target_type === 'user' && row.target_username !== null) {
      name = row.target_username;
      link = profileLink(row.target_username);
    } else if (
      row.target_type === 'question' &&
      row.question_text !== null &&
      row.question_product_id !== null &&
      row.question_product_status !== null
    ) {
      name = questionLabel(row.question_text);
      link = productLink(row.question_product_id, row.question_product_status);
    }
    return {
      id: row.id,
      target_type: row.target_type,
      target_id: row.target_id,
      target_name: name,
      target_link: link,
      reason: row.reason,
      comment: row.comment,
      reporter_username: row.reporter_username,
      status: row.status,
      created_at: row.created_at.toISOString(),
      resolved_at: iso(row.resolved_at),
      resolution: row.resolution,
      resolution_note: row.resolution_note,
      resolved_by_username: row.resolved_by_username,
    };
  }

  return {
    // --- The business at a glance ----------------------------------------------------------

    async stats(days: number): Promise<AdminStatsResponse> {
      const now = clock.now();
      const [rows, pending, openClaims] = await Promise.all([
        repo.dailyFigures(db, now, days),
        repo.pending(db),
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
      return { items: rows.map(toAdminUser), meta: pageMeta(total, page, size) };
    },

    /**
     * Creates the account without a password and a one-time link (7 days) where the person
     * chooses one. Only the token's hash is kept; the link is answered once, here.
     */
    async invite(operatorId: number, input: InviteUserInput, origin: string) {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      try {
        const userId = await db.transaction().execute(async (trx) => {
          const taken = await trx
            .selectFrom('users')
            .select(['email', 'username'])
            .where((eb) =>
              eb.or([
                eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()),
                eb(eb.fn('lower', ['username']), '=', input.username.toLowerCase()),
              ]),
            )
            .execute();
          if (taken.some((u) => u.email.toLowerCase() === input.email.toLowerCase())) {
            throw conflict('EMAIL_TAKEN', adminMessages.emailTaken);
          }
          if (taken.length > 0) throw conflict('USERNAME_TAKEN', adminMessages.usernameTaken);
          const user = await trx
            .insertInto('users')
            .values({
              email: input.email,
              username: input.username,
              // No password until the person chooses one: nothing verifies against an empty hash.
              password_hash: '',
              is_seller: input.is_seller,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('invitations')
            .values({
              user_id: user.id,
              token_hash: invitationTokenHash(token),
              created_by: operatorId,
              created_at: now,
              expires_at: expiresAt,
            })
            .execute();
          await enqueueMail(
            trx,
            [invitationMail(input.email, user.id, `${origin}/invite/${token}`, expiresAt)],
            now,
          );
          await recordOperatorAction(trx, {
            actorId: operatorId,
            action: 'invite',
            targetType: 'user',
            targetId: user.id,
            targetLabel: `${input.username} <${input.email}>`,
            note: input.is_seller ? 'vendedor' : null,
            at: now,
          });
          return user.id;
        });
        return {
          message: adminMessages.invitationCreated,
          user_id: userId,
          invite_url: `${origin}/invite/${token}`,
          expires_at: expiresAt.toISOString(),
        };
      } catch (error) {
        // Another operator invited the same e-mail or username at the same moment.
        if (isUniqueViolation(error)) throw conflict('EMAIL_TAKEN', adminMessages.emailTaken);
        throw error;
      }
    },

    async invitation(token: string): Promise<Invitation> {
      const row = await repo.findInvitation(db, invitationTokenHash(token));
      if (!row) throw notFound('INVITATION_NOT_FOUND', adminMessages.invitationNotFound);
      if (row.used_at) throw new AppError('INVITATION_USED', 410, adminMessages.invitationUsed);
      if (row.expires_at.getTime() <= clock.now().getTime()) {
        throw new AppError('INVITATION_EXPIRED', 410, adminMessages.invitationExpired);
      }
      return { email: row.email, username: row.username, expires_at: row.expires_at.toISOString() };
    },

    /** Sets the password, spends the link (once, even when sent twice at once) and logs in. */
    async acceptInvitation(token: string, input: AcceptInvitationInput) {
      const found = await repo.findInvitation(db, invitationTokenHash(token));
      if (!found) throw notFound('INVITATION_NOT_FOUND', adminMessages.invitationNotFound);
      // Hashed before the transaction: scrypt takes a fifth of a second.
      const passwordHash = await hashPassword(input.new_password);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const invitation = await repo.lockInvitation(trx, found.id);
        if (!invitation || invitation.used_at) {
          throw new AppError('INVITATION_USED', 410, adminMessages.invitationUsed);
        }
        if (found.expires_at.getTime() <= now.getTime()) {
          throw new AppError('INVITATION_EXPIRED', 410, adminMessages.invitationExpired);
        }
        const user = await repo.lockUser(trx, found.user_id);
        if (!user) throw notFound('INVITATION_NOT_FOUND', adminMessages.invitationNotFound);
        if (user.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
        await trx.updateTable('invitations').set({ used_at: now }).where('id', '=', found.id).execute();
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
          .where('id', '=', found.user_id)
          .execute();
      });
      return {
        message: adminMessages.invitationAccepted,
        jwt_token: (await users.startSession(found.user_id)).jwt_token,
      };
    },

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
        await trx
          .updateTable('users')
          .set({ suspended_at: null, suspension_reason: null, updated_at: now })
          .where('id', '=', userId)
          .execute();
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

    // --- Paying sellers --------------------------------------------------------------------

    async listPayouts(
      status: AdminPayoutStatus | undefined,
      page: number,
      size: number,
    ): Promise<AdminPayoutsResponse> {
      const [rows, total] = await Promise.all([
        repo.listPayouts(db, status, size, (page - 1) * size),
        repo.countPayouts(db, status),
      ]);
      return { items: rows.map(toAdminPayout), meta: pageMeta(total, page, size) };
    },

    async exportPayouts(status: AdminPayoutStatus): Promise<AdminPayout[]> {
      const rows = await repo.listPayouts(db, status, PAYOUT_EXPORT_LIMIT, 0);
      return rows.map(toAdminPayout);
    },

    /**
     * Marks payouts paid with the transfer's reference, all or nothing: each is locked, and any
     * one unknown, not payable or whose seller has no bank account refuses the whole batch with
     * its name. Two operators sending the same batch at once pay it once (the second finds them
     * paid).
     */
    async markPaid(operatorId: number, payoutIds: string[], reference: string): Promise<MarkPaidResponse> {
      const ids = [...new Set(payoutIds)];
      const unknown = ids.find((id) => !isUuid(id));
      if (unknown !== undefined) throw notFound('PAYOUT_NOT_FOUND', adminMessages.payoutNotFound(unknown));
      const now = clock.now();
      const after = nothingAfter();
      const rows = await db.transaction().execute(async (trx) => {
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
            throw conflict(
              'PAYOUT_NO_BANK_ACCOUNT',
              adminMessages.payoutNoBankAccount(id, row.seller_username),
            );
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
        after.notifications.push(...(await createNotifications(trx, notices, now)));
        return repo.lockPayouts(trx, ids);
      });
      await finish(after);
      return {
        message: adminMessages.payoutsMarkedPaid(rows.length),
        paid_at: now.toISOString(),
        reference,
        payouts: rows.map(toAdminPayout),
      };
    },

    // --- Audit -----------------------------------------------------------------------------

    async audit(page: number, size: number): Promise<AdminAuditResponse> {
      const { rows, total } = await repo.listAudit(db, size, (page - 1) * size);
      return {
        items: rows.map((row) => ({
          id: row.id,
          actor_id: row.actor_id,
          actor_username: row.actor_username,
          action: row.action as AdminAuditResponse['items'][number]['action'],
          target_type: row.target_type,
          target_id: row.target_id,
          target_label: row.target_label,
          note: row.note,
          created_at: row.created_at.toISOString(),
        })),
        meta: pageMeta(total, page, size),
      };
    },
  };
}
