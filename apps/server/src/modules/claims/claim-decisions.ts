import {
  ACTIVE_CLAIM_STATUSES,
  type AdminClaimsResponse,
  type Claim,
  type ClaimOutcome,
  type ClaimStatus,
  claimMessages as messages,
  pageMeta,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { recordOperatorAction } from '../operator/audit-log.service.ts';
import { lockClaimAndSale, refundIn } from './claim-steps.ts';
import { toAdminClaim, toClaim } from './claim-views.ts';
import { claimsRepository as repo } from './claims.repository.ts';

const isActive = (status: ClaimStatus) => (ACTIVE_CLAIM_STATUSES as readonly string[]).includes(status);

/** The operators' side of claims: the list of claims to decide, and deciding one. */
export function createClaimDecisions(ctx: AppContext) {
  const { db, clock, events } = ctx;
  const link = (claimId: number) => `/claims/${claimId}`;

  return {
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

    async listForOperators(
      status: 'active' | ClaimStatus,
      page: number,
      size: number,
    ): Promise<AdminClaimsResponse> {
      const statuses = status === 'active' ? ACTIVE_CLAIM_STATUSES : [status];
      const { rows, total } = await repo.listByStatus(db, statuses, size, (page - 1) * size);
      return {
        items: rows.map(toAdminClaim),
        meta: pageMeta(total, page, size),
      };
    },
  };
}
