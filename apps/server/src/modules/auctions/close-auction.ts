import { formatNumber } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';
import { createNotifications, type NewNotification } from '../notifications/notifications.service.ts';
import { createWonAuctionItem, WON_ITEM_PAYMENT_WINDOW_MS } from '../payments/won-items.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { auctionLifecycleRepository as lifecycle } from './auction-lifecycle.repository.ts';
import type { AuctionRow } from './auctions.repository.ts';

type Auction = NonNullable<AuctionRow>;
type Notified = Awaited<ReturnType<typeof createNotifications>>;

/**
 * The close-auction workflow, one step per call inside the caller's transaction. Each product
 * closes exactly once at its own end (soft close may have moved it): one whose highest bid
 * reaches its reserve is won (a pending won item is created, the winner has 72 hours to pay and
 * is told); otherwise it goes back to its seller. When an auction's last product has closed,
 * the auction ends and the seller gets one summary. Returns the notifications to publish after
 * the commit, or null when nothing is due.
 */
export async function closeNextDue(
  trx: Database,
  now: Date,
  config: Pick<Config, 'PAYMENTS_PROVIDER'>,
): Promise<Notified | null> {
  const due = await lifecycle.claimDueProduct(trx, now);
  if (due) return closeProduct(trx, due, now, config.PAYMENTS_PROVIDER);
  const finished = await lifecycle.claimFinishedAuction(trx, now);
  if (finished) return endAuction(trx, finished, earlier(finished.end_time, now), now);
  return null;
}

type DueProduct = NonNullable<Awaited<ReturnType<typeof lifecycle.claimDueProduct>>>;

async function closeProduct(trx: Database, race: DueProduct, now: Date, provider: string): Promise<Notified> {
  const auction = (await lifecycle.lockAuction(trx, race.auction_id))!;
  const notices: NewNotification[] = [];
  const winner =
    race.highest_bid !== null && race.highest_bidder_id !== null && race.highest_bid >= race.reserve_price;
  if (winner) {
    await lifecycle.setOutcome(trx, race.auction_id, race.product_id, 'won');
    await createWonAuctionItem(trx, {
      auctionId: race.auction_id,
      productId: race.product_id,
      buyerId: race.highest_bidder_id!,
      sellerId: auction.owner_id,
      amountCentavos: race.highest_bid!,
      provider,
      now,
      windowStart: race.end_time,
    });
    notices.push({
      userId: race.highest_bidder_id!,
      type: 'auction_won',
      title: '¡Ganaste una subasta!',
      message: `Ganaste "${race.name}" en la subasta "${auction.title}" con una puja de $${formatNumber(toPesos(race.highest_bid!))}. Tienes ${WON_ITEM_PAYMENT_WINDOW_MS / 3_600_000} horas para pagar.`,
      link: '/auctions/won/',
    });
  } else {
    await lifecycle.setOutcome(trx, race.auction_id, race.product_id, 'unsold');
    await productLifecycle.returnToSeller(trx, race.product_id, race.auction_id, now);
  }
  // The auction row is locked, so of two processes closing its last two products the second
  // one to get here sees the first's outcome and ends the auction.
  const notified = await createNotifications(trx, notices, now);
  if ((await lifecycle.countOpenProducts(trx, race.auction_id)) === 0 && auction.status === 'active') {
    notified.push(...(await endAuction(trx, auction, race.end_time, now)));
  }
  return notified;
}

/** The earlier of a due time and now (a missing due time counts as now). */
function earlier(due: Date | null, now: Date): Date {
  return due && due < now ? due : now;
}

async function endAuction(trx: Database, auction: Auction, closedAt: Date, now: Date): Promise<Notified> {
  await lifecycle.markEnded(trx, auction.id, closedAt, now);
  const outcomes = await lifecycle.outcomes(trx, auction.id);
  const won = outcomes
    .filter((o) => o.outcome === 'won' && o.highest_bid !== null)
    .map((o) => `"${o.name}" por $${formatNumber(toPesos(o.highest_bid!))}`);
  const unsold = outcomes.length - won.length;
  const summary =
    won.length > 0
      ? `Productos adjudicados: ${won.join(', ')}.${unsold > 0 ? ` ${unsold} sin vender volvieron a estar disponibles.` : ''}`
      : 'Ningún producto alcanzó su precio de reserva; volvieron a estar disponibles.';
  return createNotifications(
    trx,
    [
      {
        userId: auction.owner_id,
        type: 'auction_ended',
        title: 'Tu subasta ha finalizado',
        message: `La subasta "${auction.title}" ha finalizado. ${summary}`,
        link: '/products/sold/',
      },
    ],
    now,
  );
}
