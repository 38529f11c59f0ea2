import {
  ACTIVE_CLAIM_STATUSES,
  type AdminClaimsResponse,
  type Claim,
  type ClaimContext,
  type ClaimOutcome,
  type ClaimRole,
  type ClaimStatus,
  canEscalate,
  claimEligibility,
  claimReasonLabels,
  claimWindowEndsAt,
  formatCOPExact,
  type MyClaimsResponse,
  claimMessages as messages,
  type OpenClaimInput,
  pageMeta,
  sellerRespondBy,
  toTracking,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { toPesos } from '../../platform/money.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { recordOperatorAction } from '../operator/operator.service.ts';
import { recordRefund } from '../payments/refunds.service.ts';
import { isOperator } from '../users/users.service.ts';
import { claimsRepository as repo } from './claims.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const RELEASE_BATCH = 50;

type ClaimRow = NonNullable<Awaited<ReturnType<typeof repo.lockClaim>>>;
type SaleRow = Awaited<ReturnType<typeof repo.lockSale>>;

const claimNotFound = () => notFound('CLAIM_NOT_FOUND', messages.notFound);
const isActive = (status: ClaimStatus) => (ACTIVE_CLAIM_STATUSES as readonly string[]).includes(status);

/** The latest claim of each sale, for the purchases and sales lists. */
export async function latestClaimsOfPayments(
  db: Database,
  paymentIds: string[],
): Promise<Map<string, { id: number; status: ClaimStatus }>> {
  const rows = await repo.latestClaimsOfPayments(db, paymentIds);
  return new Map(rows.map((r) => [r.payment_id, { id: r.id, status: r.status }]));
}

/**
 * Every claim a user took part in, as buyer or as seller, with its conversation: for the
 * personal-data export and deletion, which list what a person left on the platform.
 */
export async function listUserClaims(db: Database, userId: number) {
  const claims = [];
  for (let page = 0; ; page++) {
    const { rows } = await repo.listForUser(db, userId, 100, page * 100);
    for (const row of rows) {
      claims.push({
        id: row.id,
        role: row.buyer_id === userId ? ('buyer' as const) : ('seller' as const),
        product_id: row.product_id,
        product_name: row.product_name,
        reason: row.reason,
        description: row.description,
        status: row.status,
        opened_at: row.opened_at.toISOString(),
        resolved_at: row.resolved_at?.toISOString() ?? null,
        messages: (await repo.listMessages(db, row.id)).map((m) => ({
          author_role: m.author_role,
          username: m.username,
          text: m.text,
          created_at: m.created_at.toISOString(),
        })),
      });
    }
    if (rows.length < 100) return claims;
  }
}

/** Open and escalated claims (the console's count). */
export function countOpenClaims(db: Database): Promise<number> {
  return repo.countActive(db);
}

export type ClaimsService = ReturnType<typeof createClaimsService>;

/**
 * Buyer claims after a sale: opening, the conversation, the seller's refund, escalation and an
 * operator's decision, and the job that makes payouts payable once their claim window passed.
 */
export function createClaimsService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;
  const windowDays = config.CLAIM_WINDOW_DAYS;

  async function toClaim(d: Database, id: number): Promise<Claim> {
    const row = await repo.findClaim(d, id);
    if (!row) throw claimNotFound();
    const rows = await repo.listMessages(d, id);
    return {
      id: row.id,
      product_id: row.product_id,
      product_name: row.product_name,
      reason: row.reason,
      description: row.description,
      status: row.status,
      opened_at: row.opened_at.toISOString(),
      seller_respond_by: row.seller_respond_by.toISOString(),
      messages: rows.map((m) => ({
        author_role: m.author_role,
        username: m.username,
        text: m.text,
        created_at: m.created_at.toISOString(),
      })),
    };
  }

  /** The caller's part in a claim; anyone who is neither party nor operator: not found. */
  async function roleIn(
    d: Database,
    claim: { buyer_id: number; seller_id: number },
    userId: number,
  ): Promise<ClaimRole> {
    if (claim.buyer_id === userId) return 'buyer';
    if (claim.seller_id === userId) return 'seller';
    if (await isOperator(d, userId)) return 'operator';
    throw claimNotFound();
  }

  /** A claim (unlocked read) whose sale and claim rows are then locked in that order. */
  async function lockClaimAndSale(
    trx: Database,
    claimId: number,
  ): Promise<{ claim: ClaimRow; sale: SaleRow }> {
    const seen = await repo.findClaim(trx, claimId);
    if (!seen) throw claimNotFound();
    const sale = await repo.lockSale(trx, seen.payment_id);
    const claim = await repo.lockClaim(trx, claimId);
    if (!claim) throw claimNotFound();
    return { claim, sale };
  }

  const link = (claimId: number) => `/claims/${claimId}`;

  /**
   * Gives the buyer the whole payment back through the processor's refund path (a durable
   * refund record, sent and retried by the refunds job) and cancels the payout, in the caller's
   * transaction, with the claim and sale rows already locked. A paid payout cannot be cancelled.
   */
  async function refundIn(
    trx: Database,
    claim: ClaimRow,
    sale: SaleRow,
    by: { userId: number; note: string | null },
    now: Date,
  ) {
    const payout = await repo.lockPayout(trx, sale.id);
    if (payout?.status === 'paid') throw conflict('PAYOUT_ALREADY_PAID', messages.payoutAlreadyPaid);
    await recordRefund(trx, {
      payment: { id: sale.id, buyer_id: sale.buyer_id, provider: sale.provider, currency: sale.currency },
      transactionId: sale.provider_tx_id,
      amountCentavos: Number(sale.amount),
      productName: sale.product_name,
      reason: `Reclamo #${claim.id} reembolsado.`,
      now,
      notice: null,
    });
    await repo.cancelPayout(trx, sale.id, now);
    await repo.setStatus(trx, claim.id, {
      status: 'refunded',
      resolved_at: now,
      resolved_by: by.userId,
      resolution_note: by.note,
      now,
    });
  }

  return {
    async open(buyerId: number, input: OpenClaimInput): Promise<Claim> {
      const now = clock.now();
      const { id, created } = await db.transaction().execute(async (trx) => {
        const sale = await repo.lockSaleByProduct(trx, input.product_id);
        if (!sale || sale.buyer_id !== buyerId)
          throw notFound('PURCHASE_NOT_FOUND', messages.purchaseNotFound);
        const latest = await repo.latestClaimOfPayment(trx, sale.id);
        const endsAt = sale.delivered_at ? claimWindowEndsAt(sale.delivered_at, windowDays) : null;
        const eligibility = claimEligibility(
          { shipping_status: sale.shipping_status, claim_window_ends_at: endsAt },
          latest ?? null,
          now,
        );
        if (eligibility === 'claim_active') throw conflict('CLAIM_ALREADY_OPEN', messages.alreadyOpen);
        if (eligibility === 'refunded') throw conflict('PURCHASE_REFUNDED', messages.alreadyRefunded);
        if (eligibility === 'not_shipped') throw conflict('NOT_SHIPPED', messages.notEligible);
        if (eligibility === 'window_over') throw conflict('CLAIM_WINDOW_OVER', messages.windowOver);
        const { id } = await repo.insertClaim(trx, {
          payment_id: sale.id,
          product_id: sale.product_id,
          buyer_id: sale.buyer_id,
          seller_id: sale.seller_id,
          reason: input.reason,
          description: input.description,
          status: 'open',
          opened_at: now,
          seller_respond_by: sellerRespondBy(now),
          updated_at: now,
        });
        // While the claim is open the seller's money waits, whatever its state, unless paid.
        await repo.lockPayout(trx, sale.id);
        await repo.holdPayout(trx, sale.id, now);
        const created = await createNotifications(
          trx,
          [
            {
              userId: sale.seller_id,
              type: 'claim_opened',
              title: 'Nuevo reclamo',
              message: `El comprador abrió un reclamo por "${sale.product_name}": ${claimReasonLabels[input.reason]}. Responde o reembolsa antes de 3 días.`,
              link: link(id),
            },
          ],
          now,
        );
        return { id, created };
      });
      await publishNotifications(events, created);
      return toClaim(db, id);
    },

    async get(userId: number, claimId: number): Promise<Claim> {
      const row = await repo.findClaim(db, claimId);
      if (!row) throw claimNotFound();
      await roleIn(db, row, userId);
      return toClaim(db, claimId);
    },

    async context(userId: number, claimId: number): Promise<ClaimContext> {
      const row = await repo.findClaim(db, claimId);
      if (!row) throw claimNotFound();
      const role = await roleIn(db, row, userId);
      const sale = await repo.findSale(db, row.payment_id);
      const names = new Map(
        (await repo.usernames(db, [row.buyer_id, row.seller_id])).map((u) => [u.id, u.username]),
      );
      return {
        claim_id: row.id,
        role,
        buyer_username: names.get(row.buyer_id) ?? '',
        seller_username: names.get(row.seller_id) ?? '',
        amount: toPesos(Number(sale.amount)),
        currency: sale.currency,
        shipping_status: sale.shipping_status,
        tracking: toTracking(sale.carrier, sale.tracking_number),
        buyer_can_escalate_from: row.seller_respond_by.toISOString(),
      };
    },

    async addMessage(userId: number, claimId: number, text: string): Promise<Claim> {
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        const { claim, sale } = await lockClaimAndSale(trx, claimId);
        const role = await roleIn(trx, claim, userId);
        if (!isActive(claim.status)) throw conflict('CLAIM_CLOSED', messages.closed);
        await repo.insertMessage(trx, {
          claim_id: claimId,
          author_id: userId,
          author_role: role,
          text,
          created_at: now,
        });
        await repo.touch(trx, claimId, now);
        const to =
          role === 'buyer'
            ? [claim.seller_id]
            : role === 'seller'
              ? [claim.buyer_id]
              : [claim.buyer_id, claim.seller_id];
        const who = role === 'buyer' ? 'El comprador' : role === 'seller' ? 'El vendedor' : 'Coleccionables';
        return createNotifications(
          trx,
          to.map<NewNotification>((u) => ({
            userId: u,
            type: 'claim_message',
            title: 'Nuevo mensaje en un reclamo',
            message: `${who} escribió en el reclamo por "${sale.product_name}".`,
            link: link(claimId),
          })),
          now,
        );
      });
      await publishNotifications(events, created);
      return toClaim(db, claimId);
    },

    /** The seller gives the whole payment back at once; the claim ends `refunded`. */
    async refundBySeller(userId: number, claimId: number): Promise<Claim> {
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        const { claim, sale } = await lockClaimAndSale(trx, claimId);
        const role = await roleIn(trx, claim, userId);
        if (role !== 'seller') throw forbidden('CLAIM_SELLER_ONLY', messages.sellerOnly);
        if (!isActive(claim.status)) throw conflict('CLAIM_CLOSED', messages.closed);
        await refundIn(trx, claim, sale, { userId, note: null }, now);
        const amount = formatCOPExact(toPesos(Number(sale.amount)));
        return createNotifications(
          trx,
          [
            {
              userId: claim.buyer_id,
              type: 'claim_resolved',
              title: 'Reclamo resuelto: reembolso',
              message: `El vendedor te reembolsó ${amount} por "${sale.product_name}". Según tu banco, puede tardar unos días en verse.`,
              link: link(claimId),
            },
          ],
          now,
        );
      });
      await publishNotifications(events, created);
      return toClaim(db, claimId);
    },

    /** The buyer once the seller's 3 days passed without a refund; the seller at any time. */
    async escalate(userId: number, claimId: number): Promise<Claim> {
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        const { claim, sale } = await lockClaimAndSale(trx, claimId);
        const role = await roleIn(trx, claim, userId);
        if (role === 'operator') throw forbidden('CLAIM_PARTIES_ONLY', messages.partiesOnly);
        if (claim.status === 'escalated')
          throw conflict('CLAIM_ALREADY_ESCALATED', messages.alreadyEscalated);
        if (claim.status !== 'open') throw conflict('CLAIM_CLOSED', messages.closed);
        if (!canEscalate(role, claim, now))
          throw conflict('CLAIM_ESCALATE_TOO_SOON', messages.escalateTooSoon);
        await repo.setStatus(trx, claimId, { status: 'escalated', escalated_at: now, now });
        const other = role === 'buyer' ? claim.seller_id : claim.buyer_id;
        return createNotifications(
          trx,
          [
            {
              userId: other,
              type: 'claim_message',
              title: 'Reclamo escalado',
              message: `${role === 'buyer' ? 'El comprador' : 'El vendedor'} pidió que Coleccionables revise el reclamo por "${sale.product_name}".`,
              link: link(claimId),
            },
          ],
          now,
        );
      });
      await publishNotifications(events, created);
      return toClaim(db, claimId);
    },

    /**
     * An operator decides an open or escalated claim: a full refund, or `release` (the payout
     * follows its normal course). Recorded in the audit in the same transaction; both parties told.
     */
    async resolve(operatorId: number, claimId: number, outcome: ClaimOutcome, note: string): Promise<Claim> {
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        const { claim, sale } = await lockClaimAndSale(trx, claimId);
        // Nobody judges their own case: an operator who bought or sold the item leaves it to another.
        if (claim.buyer_id === operatorId || claim.seller_id === operatorId) {
          throw forbidden('OWN_CLAIM', messages.ownClaim);
        }
        if (!isActive(claim.status)) throw conflict('CLAIM_CLOSED', messages.closed);
        if (outcome === 'refund') {
          await refundIn(trx, claim, sale, { userId: operatorId, note }, now);
        } else {
          await repo.setStatus(trx, claimId, {
            status: 'released',
            resolved_at: now,
            resolved_by: operatorId,
            resolution_note: note,
            now,
          });
        }
        await recordOperatorAction(trx, {
          actorId: operatorId,
          action: 'resolve_claim',
          targetType: 'claim',
          targetId: claimId,
          targetLabel: sale.product_name,
          note: `${outcome}: ${note}`,
          at: now,
        });
        const text =
          outcome === 'refund'
            ? `Coleccionables resolvió el reclamo por "${sale.product_name}" con un reembolso completo al comprador.`
            : `Coleccionables resolvió el reclamo por "${sale.product_name}" sin reembolso: el pago al vendedor sigue su curso.`;
        return createNotifications(
          trx,
          [claim.buyer_id, claim.seller_id].map<NewNotification>((u) => ({
            userId: u,
            type: 'claim_resolved',
            title: messages.resolved,
            message: `${text} Nota: ${note}`.slice(0, 1000),
            link: link(claimId),
          })),
          now,
        );
      });
      await publishNotifications(events, created);
      return toClaim(db, claimId);
    },

    async mine(userId: number, page: number, size: number): Promise<MyClaimsResponse> {
      const { rows, total } = await repo.listForUser(db, userId, size, (page - 1) * size);
      return {
        items: rows.map((r) => {
          const role = r.buyer_id === userId ? ('buyer' as const) : ('seller' as const);
          return {
            id: r.id,
            product_id: r.product_id,
            product_name: r.product_name,
            reason: r.reason,
            status: r.status,
            opened_at: r.opened_at.toISOString(),
            seller_respond_by: r.seller_respond_by.toISOString(),
            role,
            other_username: role === 'buyer' ? r.seller_username : r.buyer_username,
          };
        }),
        meta: pageMeta(total, page, size),
      };
    },

    async listForOperators(
      status: 'active' | ClaimStatus,
      page: number,
      size: number,
    ): Promise<AdminClaimsResponse> {
      const statuses = status === 'active' ? ACTIVE_CLAIM_STATUSES : [status];
      const { rows, total } = await repo.listByStatus(db, statuses, size, (page - 1) * size);
      return {
        items: rows.map((r) => ({
          id: r.id,
          product_id: r.product_id,
          product_name: r.product_name,
          reason: r.reason,
          status: r.status,
          opened_at: r.opened_at.toISOString(),
          seller_respond_by: r.seller_respond_by.toISOString(),
          description: r.description,
          buyer_username: r.buyer_username,
          seller_username: r.seller_username,
          amount: toPesos(Number(r.amount)),
          currency: r.currency,
          escalated_at: r.escalated_at?.toISOString() ?? null,
          resolved_at: r.resolved_at?.toISOString() ?? null,
          resolution_note: r.resolution_note,
        })),
        meta: pageMeta(total, page, size),
      };
    },

    /**
     * The timed job: payouts of sales delivered more than the claim window ago, with no open
     * claim (and not refunded), become payable; the seller is told.
     */
    async releaseDuePayouts(now: Date): Promise<number> {
      const deliveredBefore = new Date(now.getTime() - windowDays * DAY_MS);
      const created = await db.transaction().execute(async (trx) => {
        const due = await repo.claimDueReleases(trx, deliveredBefore, RELEASE_BATCH);
        for (const payout of due) await repo.releasePayout(trx, payout.id, now);
        return createNotifications(
          trx,
          due.map<NewNotification>((p) => ({
            userId: p.seller_id,
            type: 'item_delivered',
            title: 'Pago disponible',
            message: `Terminó el periodo de reclamos de "${p.product_name}" sin reclamos abiertos. Tu pago ya está disponible.`,
            link: '/seller/payments',
          })),
          now,
        );
      });
      await publishNotifications(events, created);
      return created.length;
    },
  };
}
