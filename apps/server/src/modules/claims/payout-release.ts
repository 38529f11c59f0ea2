import type { AppContext } from '../../platform/context.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { releasePayout } from '../payments/payout-states.service.ts';
import { claimsRepository as repo } from './claims.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const RELEASE_BATCH = 50;

/**
 * The timed job: payouts of sales delivered more than the claim window ago, with no open claim
 * (and not refunded), become payable; the seller is told.
 */
export async function releaseDuePayouts(ctx: AppContext, now: Date): Promise<number> {
  const { db, events, config } = ctx;
  const windowDays = config.CLAIM_WINDOW_DAYS;
  const deliveredBefore = new Date(now.getTime() - windowDays * DAY_MS);
  const created = await db.transaction().execute(async (trx) => {
    const due = await repo.claimDueReleases(trx, deliveredBefore, RELEASE_BATCH);
    for (const payout of due) await releasePayout(trx, payout.id, now);
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
}
