import type { Database } from '../../platform/db.ts';

/** The follows table, and the few columns of the accounts it names (read only). */
export const followsRepository = {
  /** Usernames are unique regardless of case, as at login and on the public profile. */
  findUser(db: Database, username: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  },

  findUsername(db: Database, userId: number) {
    return db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  },

  /** Following twice stores one row: the primary key settles two follows racing. */
  add(db: Database, followerId: number, sellerId: number, now: Date) {
    return db
      .insertInto('seller_follows')
      .values({ follower_id: followerId, seller_id: sellerId, created_at: now })
      .onConflict((oc) => oc.columns(['follower_id', 'seller_id']).doNothing())
      .execute();
  },

  remove(db: Database, followerId: number, sellerId: number) {
    return db
      .deleteFrom('seller_follows')
      .where('follower_id', '=', followerId)
      .where('seller_id', '=', sellerId)
      .execute();
  },

  async isFollowing(db: Database, followerId: number, sellerId: number): Promise<boolean> {
    const row = await db
      .selectFrom('seller_follows')
      .select('seller_id')
      .where('follower_id', '=', followerId)
      .where('seller_id', '=', sellerId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async followersCount(db: Database, sellerId: number): Promise<number> {
    const row = await db
      .selectFrom('seller_follows')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async countFollowing(db: Database, followerId: number): Promise<number> {
    const row = await db
      .selectFrom('seller_follows')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('follower_id', '=', followerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The sellers a user follows, newest follow first, with how many follow each. */
  listFollowing(db: Database, followerId: number, limit: number, offset: number) {
    return db
      .selectFrom('seller_follows as f')
      .innerJoin('users as u', 'u.id', 'f.seller_id')
      .select((eb) => [
        'u.id',
        'u.username',
        'u.avatar',
        'u.is_seller',
        'f.created_at',
        eb
          .selectFrom('seller_follows as c')
          .select(eb.fn.countAll<string | number>().as('n'))
          .whereRef('c.seller_id', '=', 'f.seller_id')
          .as('followers_count'),
      ])
      .where('f.follower_id', '=', followerId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.seller_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  /**
   * Marks `day` as the day each follower of the seller was told, and answers those not told yet
   * that day. The conditional update takes each row's lock and re-reads it: of two listings on
   * one day (in one process or two), only the first claims the follower.
   */
  async claimFollowersToTell(trx: Database, sellerId: number, day: string): Promise<number[]> {
    const rows = await trx
      .updateTable('seller_follows')
      .set({ notified_day: day })
      .where('seller_id', '=', sellerId)
      .where((eb) => eb.or([eb('notified_day', 'is', null), eb('notified_day', '<>', day)]))
      .returning('follower_id')
      .execute();
    return rows.map((r) => r.follower_id);
  },

  /** Who the user follows, for their personal-data export. */
  following(db: Database, followerId: number) {
    return db
      .selectFrom('seller_follows as f')
      .innerJoin('users as u', 'u.id', 'f.seller_id')
      .select(['u.username', 'f.created_at'])
      .where('f.follower_id', '=', followerId)
      .orderBy('f.created_at')
      .execute();
  },

  /** Both ways: whom the user followed and who followed them. */
  forget(trx: Database, userId: number) {
    return trx
      .deleteFrom('seller_follows')
      .where((eb) => eb.or([eb('follower_id', '=', userId), eb('seller_id', '=', userId)]))
      .execute();
  },
};
