import { adminMessages, type ProductTakenDownMessage } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { dropCeilings, voidRace } from '../bids/bids.service.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { cancelOpenPayments } from '../payments/payments.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { setSuspension } from '../users/account-states.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { dropWatchers } from '../watchlist/watchlist.service.ts';
import { recordOperatorAction } from './audit-log.service.ts';
import { operatorRepository as repo } from './operator.repository.ts';

/** What the operator's action left to do once its transaction committed. */
interface AfterCommit {
  notifications: Awaited<ReturnType<typeof createNotifications>>;
  /** Live channels of products taken down. */
  takenDown: Array<{ auctionId: number; productId: number }>;
  /** Accounts whose every session ends. */
  endSessions: number[];
}

export const nothingAfter = (): AfterCommit => ({ notifications: [], takenDown: [], endSessions: [] });

type LockedProduct = NonNullable<Awaited<ReturnType<typeof repo.lockProduct>>>;

/**
 * The steps the operator's moderation is made of, each inside the caller's transaction, and
 * `finish`, which sends what they left for after the commit.
 */
export function createModerationSteps(ctx: AppContext, users: UsersService) {
  const { events } = ctx;

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
    product: LockedProduct,
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
  ): Promise<LockedProduct> {
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
    await setSuspension(trx, userId, reason, now);
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

  return { finish, takeDownChecked, suspendIn };
}
