import { formatCOPExact, trustMessages } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';
import {
  createNotifications,
  type NotificationDto,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { recordUnpaidStrike, STRIKE_WINDOW_MS, STRIKES_TO_BLOCK } from '../trust/trust.service.ts';
import { registerCombinedPaymentJobs } from './combined-reconcile.ts';
import { overduePaymentsRepository } from './overdue-payments.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';
import { createRefundProcessor } from './refunds.service.ts';
import { secondChanceRepository } from './second-chance.repository.ts';
import { createWonAuctionItem, WON_ITEM_PAYMENT_WINDOW_MS } from './won-items.service.ts';

const BATCH = 50;
/** How long after its link, and how often, an open payment is asked about. */
const RECONCILE_EVERY_MS = 15 * 60_000;
type Created = Array<NotificationDto & { user_id: number }>;

/**
 * A won item expired unpaid: the next-highest bidder whose bid reaches the reserve gets their own
 * won item at their highest bid and a new 72-hour window; with nobody left, the product goes back
 * to its seller (available, in no auction).
 */
async function offerSecondChance(
  trx: Database,
  row: {
    product_id: number;
    auction_id: number | null;
    seller_id: number;
    provider: string;
    expires_at: Date | null;
  },
  now: Date,
): Promise<Created> {
  const next =
    row.auction_id === null
      ? null
      : await secondChanceRepository.findSecondChanceBidder(
          trx,
          { auctionId: row.auction_id, productId: row.product_id, sellerId: row.seller_id },
          { strikesSince: new Date(now.getTime() - STRIKE_WINDOW_MS), strikesToBlock: STRIKES_TO_BLOCK },
        );
  if (!next || row.auction_id === null) {
    await productLifecycle.returnToSeller(trx, row.product_id, row.auction_id, now);
    return [];
  }
  const id = await createWonAuctionItem(trx, {
    auctionId: row.auction_id,
    productId: row.product_id,
    buyerId: next.userId,
    sellerId: row.seller_id,
    amountCentavos: next.amount,
    provider: row.provider,
    now,
    windowStart: row.expires_at ?? now,
    secondChance: true,
  });
  if (!id) return [];
  const hours = WON_ITEM_PAYMENT_WINDOW_MS / 3600_000;
  const amount = formatCOPExact(toPesos(next.amount));
  return createNotifications(
    trx,
    [
      {
        userId: next.userId,
        type: 'second_chance',
        title: '¡Tienes una segunda oportunidad!',
        message: `El ganador de "${next.product.name}" no pagó. Puedes comprarlo por tu oferta de ${amount}: tienes ${hours} horas para pagar.`,
        link: '/auctions/won/',
      },
      {
        userId: row.seller_id,
        type: 'auction_ended',
        title: 'Segunda oportunidad ofrecida',
        message: `El ganador de "${next.product.name}" no pagó a tiempo. Se ofreció al siguiente postor por ${amount}.`,
        link: '/products/sold/',
      },
    ],
    now,
  );
}

/**
 * The winner let the won item expire unpaid: a strike (three in a year stop bidding and
 * buying), and a notice that says so with the count.
 */
async function strikeWinner(
  trx: Database,
  row: { id: string; product_id: number; buyer_id: number },
  now: Date,
): Promise<Created> {
  const strikes = await recordUnpaidStrike(trx, {
    userId: row.buyer_id,
    paymentId: row.id,
    productId: row.product_id,
    now,
  });
  const name = await repo.productName(trx, row.product_id);
  return createNotifications(
    trx,
    [
      {
        userId: row.buyer_id,
        type: 'payment_expired',
        title: trustMessages.strikeNoticeTitle,
        message: trustMessages.strikeNotice(name, strikes),
        link: '/auctions/won/',
      },
    ],
    now,
  );
}

/**
 * Unpaid payment windows: a won item unpaid 72 h after the close expires and goes to the next
 * bidder (or back to the seller); a buy-now payment expires with its link, which ends the
 * product's reservation. Open payments are asked about at the processor while their window runs
 * and once more when it ends.
 * Rows are claimed with SKIP LOCKED, so any number of processes share the work.
 */
export function registerPaymentJobs(
  ctx: AppContext,
  payments: PaymentsService,
  provider: PaymentProvider,
): void {
  // Runs before the expiry jobs in each round: a payment whose window ends now is asked about
  // first, so a charge the processor approved (its notification lost) confirms the sale
  // instead of expiring.
  ctx.jobs.register({
    name: 'payments.check-before-expiry',
    run: async (now) => {
      const rows = await overduePaymentsRepository.listOverdueWithLink(ctx.db, now, BATCH);
      for (const row of rows) await payments.reconcileWithProvider(row);
      return 0;
    },
  });

  registerCombinedPaymentJobs(ctx, provider, RECONCILE_EVERY_MS);

  // A lost notification found while the window is still open: every open payment is asked about
  // 15 minutes after its link was made, then every 15 minutes.
  ctx.jobs.register({
    name: 'payments.reconcile-open',
    run: async (now) => {
      const rows = await overduePaymentsRepository.claimForProviderCheck(
        ctx.db,
        now,
        RECONCILE_EVERY_MS,
        BATCH,
      );
      for (const row of rows) await payments.reconcileWithProvider(row);
      return 0;
    },
  });

  ctx.jobs.register({
    name: 'payments.expire-won-items',
    run: async (now) => {
      const { count, created } = await ctx.db.transaction().execute(async (trx) => {
        const rows = await overduePaymentsRepository.claimOverdue(trx, 'auction', now, BATCH);
        if (rows.length === 0) return { count: 0, created: [] as Created };
        await overduePaymentsRepository.expire(
          trx,
          rows.map((r) => r.id),
          now,
        );
        const notices: Created = [];
        for (const row of rows) {
          notices.push(...(await strikeWinner(trx, row, now)));
          notices.push(...(await offerSecondChance(trx, row, now)));
        }
        return { count: rows.length, created: notices };
      });
      await publishNotifications(ctx.events, created);
      return count;
    },
  });

  ctx.jobs.register({
    name: 'payments.expire-buy-now',
    run: (now) =>
      ctx.db.transaction().execute(async (trx) => {
        const rows = await overduePaymentsRepository.claimOverdue(trx, 'buy_now', now, BATCH);
        if (rows.length === 0) return 0;
        await overduePaymentsRepository.expire(
          trx,
          rows.map((r) => r.id),
          now,
        );
        return rows.length;
      }),
  });

  // An accepted offer unpaid within its 48 hours: the reservation ends (the product was never
  // off the shelf) and there is no second chance; both sides are told.
  ctx.jobs.register({
    name: 'payments.expire-offers',
    run: async (now) => {
      const { count, created } = await ctx.db.transaction().execute(async (trx) => {
        const rows = await overduePaymentsRepository.claimOverdue(trx, 'offer', now, BATCH);
        if (rows.length === 0) return { count: 0, created: [] as Created };
        await overduePaymentsRepository.expire(
          trx,
          rows.map((r) => r.id),
          now,
        );
        // Like a won item: the buyer gets an unpaid strike and the notice that counts it.
        const created: Created = [];
        const notices = [];
        for (const row of rows) {
          created.push(...(await strikeWinner(trx, row, now)));
          const name = await repo.productName(trx, row.product_id);
          notices.push({
            userId: row.seller_id,
            type: 'offer' as const,
            title: 'Oferta sin pagar',
            message: `El comprador no pagó a tiempo la oferta aceptada por "${name}". El producto vuelve a estar a la venta.`,
            link: '/ofertas',
          });
        }
        created.push(...(await createNotifications(trx, notices, now)));
        return { count: rows.length, created };
      });
      await publishNotifications(ctx.events, created);
      return count;
    },
  });

  // Charges to give back: retried until the processor confirms, durable in the refunds table.
  ctx.jobs.register({ name: 'payments.refunds', run: createRefundProcessor(ctx, provider) });
}
