import {
  ACTIVE_CLAIM_STATUSES,
  type Claim,
  type ClaimContext,
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
  SELLER_RESPONSE_DAYS,
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
import { holdPayout } from '../payments/payout-states.service.ts';
import { createClaimDecisions } from './claim-decisions.ts';
import { lockClaimAndSale, refundIn, roleIn } from './claim-steps.ts';
import { claimNotFound, toClaim, toClaimMessage, toMyClaim, toUserClaim } from './claim-views.ts';
import { claimsRepository as repo } from './claims.repository.ts';
import { releaseDuePayouts } from './payout-release.ts';

const isActive = (status: ClaimStatus) => (ACTIVE_CLAIM_STATUSES as readonly string[]).includes(status);

/** The latest claim of each sale (by its payment), for the purchases and sales lists. */
export async function latestClaimsOfPayments(
  db: Database,
  sales: ReadonlyArray<{ payment_id: string }>,
): Promise<Map<string, { id: number; status: ClaimStatus }>> {
  const rows = await repo.latestClaimsOfPayments(
    db,
    sales.map((s) => s.payment_id),
  );
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
        ...toUserClaim(row, userId),
        messages: (await repo.listMessages(db, row.id)).map(toClaimMessage),
      });
    }
    if (rows.length < 100) return claims;
  }
}

/** Open and escalated claims (the console's count). */
export function countOpenClaims(db: Database): Promise<number> {
  return repo.countActive(db);
}

/**
 * Buyer claims after a sale: opening, the conversation, the seller's refund, escalation and an
 * operator's decision, and the job that makes payouts payable once their claim window passed.
 */
export function createClaimsService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;
  const windowDays = config.CLAIM_WINDOW_DAYS;

  const link = (claimId: number) => `/claims/${claimId}`;

  return {
    ...createClaimDecisions(ctx),

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
        await holdPayout(trx, sale.id, now);
        const created = await createNotifications(
          trx,
          [
            {
              userId: sale.seller_id,
              type: 'claim_opened',
              title: 'Nuevo reclamo',
              message: `El comprador abrió un reclamo por "${sale.product_name}": ${claimReasonLabels[input.reason]}. Responde o reembolsa antes de ${SELLER_RESPONSE_DAYS} días.`,
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

    async mine(userId: number, page: number, size: number): Promise<MyClaimsResponse> {
      const { rows, total } = await repo.listForUser(db, userId, size, (page - 1) * size);
      return {
        items: rows.map((r) => toMyClaim(r, userId)),
        meta: pageMeta(total, page, size),
      };
    },

    /**
     * The timed job: payouts of sales delivered more than the claim window ago, with no open
     * claim (and not refunded), become payable; the seller is told.
     */
    releaseDuePayouts: (now: Date) => releaseDuePayouts(ctx, now),
  };
}
