import type { PublicProfile, UserProfile } from '@app/contracts';
import { userMessages } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { followersCount } from '../follows/follows.service.ts';
import { sellerRatingSummary } from '../ratings/ratings.service.ts';
import { sellerReputation } from '../trust/reputation.service.ts';
import { unpaidStrikesOf } from '../trust/trust.service.ts';
import { vacationOf } from '../trust/vacation.service.ts';
import { twoFactorEnabled } from './second-factors.service.ts';
import { findUserStats } from './user-stats.repository.ts';
import { type UserRow, usersRepository } from './users.repository.ts';

type User = NonNullable<UserRow>;

/** What an account shows: its own profile to its owner, and its public profile to anyone. */
export function createUserProfiles(ctx: AppContext) {
  const { db, clock } = ctx;

  /** The account as its owner sees it. */
  async function toProfile(user: User): Promise<UserProfile> {
    const [stats, strikes] = await Promise.all([
      findUserStats(db, user.id),
      unpaidStrikesOf(db, user.id, clock.now()),
    ]);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      phone: user.phone,
      address: user.address,
      bio: user.bio,
      avatar: user.avatar,
      name: user.name,
      last_name: user.last_name,
      birth_date: user.birth_date,
      is_seller: user.is_seller,
      is_operator: user.is_operator,
      two_factor_enabled: await twoFactorEnabled(db, user.id),
      created_at: user.created_at.toISOString(),
      activeListings: stats.active_listings,
      totalSales: stats.products_sold,
      unpaid_strikes: strikes,
      ...vacationOf(user, clock.now()),
    };
  }

  async function toPublicProfile(user: User): Promise<PublicProfile> {
    const [stats, rating, reputation, followers] = await Promise.all([
      findUserStats(db, user.id),
      sellerRatingSummary(db, user.id),
      sellerReputation(ctx, user.id),
      followersCount(db, user.id),
    ]);
    return {
      id: user.id,
      username: user.username,
      address: user.address || 'Colombia',
      bio: user.bio,
      avatar: user.avatar,
      is_seller: user.is_seller,
      created_at: user.created_at.toISOString(),
      stats: {
        active_auctions: stats.active_auctions,
        products_sold: stats.products_sold,
        products_listed: stats.products_listed,
        auctions_won: stats.auctions_won,
        total_bids: stats.total_bids,
      },
      rating_average: rating.rating_average,
      rating_count: rating.rating_count,
      reputation,
      followers_count: followers,
      ...vacationOf(user, clock.now()),
    };
  }

  return {
    toProfile,
    toPublicProfile,

    async getPublicProfile(username: string): Promise<PublicProfile> {
      const user = await usersRepository.findByUsername(db, username);
      if (!user) throw notFound('USER_NOT_FOUND', userMessages.userNotFound);
      return toPublicProfile(user);
    },

    async getPublicProfileById(id: number): Promise<PublicProfile> {
      const user = await usersRepository.findById(db, id);
      if (!user) throw notFound('USER_NOT_FOUND', userMessages.userNotFound);
      return toPublicProfile(user);
    },
  };
}
