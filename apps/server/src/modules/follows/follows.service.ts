import {
  type FollowListResponse,
  type FollowState,
  hasControlCharacter,
  followMessages as m,
  marketDay,
  pageMeta,
  userMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { createNotifications, type NotificationDto } from '../notifications/notifications.service.ts';
import { followsRepository as repo } from './follows.repository.ts';

/** Something a seller just put up for sale, as their followers hear of it. */
export type NewListing =
  | { kind: 'auction'; auctionId: number; title: string }
  | { kind: 'product'; productId: number; name: string };

/** How many follow the user (their public profile shows it). */
export function followersCount(db: Database, userId: number): Promise<number> {
  return repo.followersCount(db, userId);
}

/**
 * Inside the transaction that started the seller's auction or listed their buy-now product:
 * one `followed_seller` notice to each follower not yet told about this seller on this Bogotá
 * day (the day follows the given clock). Answers the notices for the caller to publish after
 * its commit.
 */
export async function tellFollowers(
  trx: Database,
  sellerId: number,
  listing: NewListing,
  now: Date,
): Promise<Array<NotificationDto & { user_id: number }>> {
  const followers = await repo.claimFollowersToTell(trx, sellerId, marketDay(now));
  if (followers.length === 0) return [];
  const seller = await repo.findUsername(trx, sellerId);
  const username = seller?.username ?? '';
  const [message, link] =
    listing.kind === 'auction'
      ? [m.auctionNotice(username, listing.title), `/auctions/products/${listing.auctionId}`]
      : [m.productNotice(username, listing.name), `/products/buy/${listing.productId}`];
  return createNotifications(
    trx,
    followers.map((userId) => ({
      userId,
      type: 'followed_seller' as const,
      title: m.noticeTitle(username),
      message,
      link,
    })),
    now,
  );
}

/** Whom the user follows, for their personal-data export. */
export async function followsOfUser(db: Database, userId: number) {
  const rows = await repo.following(db, userId);
  return rows.map((r) => ({ username: r.username, followed_at: new Date(r.created_at).toISOString() }));
}

/** An erased account follows nobody and is followed by nobody. */
export async function forgetFollows(trx: Database, userId: number): Promise<void> {
  await repo.forget(trx, userId);
}

/** Following sellers: follow, unfollow, whether one is followed, and the list. */
export function createFollowsService(ctx: AppContext) {
  const { db, clock } = ctx;

  async function seller(username: string) {
    // No username holds a control character, and PostgreSQL text cannot hold NUL: nobody by that name.
    const user = hasControlCharacter(username) ? undefined : await repo.findUser(db, username);
    if (!user) throw notFound('USER_NOT_FOUND', userMessages.userNotFound);
    return user;
  }

  async function stateOf(
    followerId: number,
    user: { id: number; username: string },
    message?: string,
  ): Promise<FollowState> {
    const [following, count] = await Promise.all([
      repo.isFollowing(db, followerId, user.id),
      repo.followersCount(db, user.id),
    ]);
    return { username: user.username, following, followers_count: count, ...(message ? { message } : {}) };
  }

  return {
    async state(followerId: number, username: string): Promise<FollowState> {
      return stateOf(followerId, await seller(username));
    },

    /** Idempotent: following a seller twice is following them once. Nobody follows themselves. */
    async follow(followerId: number, username: string): Promise<FollowState> {
      const user = await seller(username);
      if (user.id === followerId) throw badRequest('CANNOT_FOLLOW_SELF', m.self);
      await repo.add(db, followerId, user.id, clock.now());
      return stateOf(followerId, user, m.followed(user.username));
    },

    /** Not following already: nothing changes, the same answer. */
    async unfollow(followerId: number, username: string): Promise<FollowState> {
      const user = await seller(username);
      await repo.remove(db, followerId, user.id);
      return stateOf(followerId, user, m.unfollowed(user.username));
    },

    async list(followerId: number, query: { page: number; size: number }): Promise<FollowListResponse> {
      const [total, rows] = await Promise.all([
        repo.countFollowing(db, followerId),
        repo.listFollowing(db, followerId, query.size, (query.page - 1) * query.size),
      ]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          username: r.username,
          avatar: r.avatar,
          is_seller: r.is_seller,
          followers_count: Number(r.followers_count ?? 0),
          followed_at: new Date(r.created_at).toISOString(),
        })),
        meta: pageMeta(total, query.page, query.size),
      };
    },
  };
}
