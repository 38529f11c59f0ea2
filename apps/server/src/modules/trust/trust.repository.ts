import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** Strikes and block lists: the two things that keep a buyer from bidding and buying. */
export const trustRepository = {
  /** Whether `sellerId` blocked `userId`. */
  async isBlocked(db: Database, sellerId: number, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('seller_blocks')
      .select('seller_id')
      .where('seller_id', '=', sellerId)
      .where('blocked_user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Each user's standing with `sellerId` (one row per user: blocked by the seller, uncleared
   * strikes since `since`), for one buyer or a product's group of bidders.
   */
  async standingOfMany(db: Database, userIds: number[], sellerId: number, since: Date) {
    const { rows } = await sql<{ user_id: number; blocked: boolean; strikes: string | number }>`
      select u.id as user_id,
             exists (select 1 from seller_blocks where seller_id = ${sellerId} and blocked_user_id = u.id) as blocked,
             (select count(*) from unpaid_strikes s
               where s.user_id = u.id and s.cleared_at is null and s.created_at > ${since}) as strikes
        from unnest(${userIds}::integer[]) as u(id)
    `.execute(db);
    return rows.map((r) => ({ userId: Number(r.user_id), blocked: r.blocked, strikes: Number(r.strikes) }));
  },

  async strikeCount(db: Database, userId: number, since: Date): Promise<number> {
    const row = await db
      .selectFrom('unpaid_strikes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('cleared_at', 'is', null)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Counts per user for a page of accounts (the operator's list). */
  async strikeCounts(db: Database, userIds: number[], since: Date): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('unpaid_strikes')
      .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('user_id', 'in', userIds)
      .where('cleared_at', 'is', null)
      .where('created_at', '>', since)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  },

  /** One strike per expired won item: a payment expired twice (never) counts once. */
  async insertStrike(
    db: Database,
    values: { userId: number; paymentId: string; productId: number; now: Date },
  ) {
    await db
      .insertInto('unpaid_strikes')
      .values({
        user_id: values.userId,
        payment_id: values.paymentId,
        product_id: values.productId,
        created_at: values.now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
  },

  async clearStrikes(db: Database, userId: number, operatorId: number, now: Date): Promise<number> {
    const result = await db
      .updateTable('unpaid_strikes')
      .set({ cleared_at: now, cleared_by: operatorId })
      .where('user_id', '=', userId)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  strikesOfUser(db: Database, userId: number) {
    return db
      .selectFrom('unpaid_strikes as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.id', 's.product_id', 'p.name as product_name', 's.created_at', 's.cleared_at'])
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at', 'desc')
      .execute();
  },

  findUserByUsername(db: Database, username: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'is_seller'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  },

  findUser(db: Database, id: number) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'is_seller'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async block(db: Database, sellerId: number, userId: number, now: Date): Promise<void> {
    await db
      .insertInto('seller_blocks')
      .values({ seller_id: sellerId, blocked_user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['seller_id', 'blocked_user_id']).doNothing())
      .execute();
  },

  async unblock(db: Database, sellerId: number, userId: number): Promise<boolean> {
    const result = await db
      .deleteFrom('seller_blocks')
      .where('seller_id', '=', sellerId)
      .where('blocked_user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async listBlocked(db: Database, sellerId: number, limit: number, offset: number) {
    const [total, rows] = await Promise.all([
      db
        .selectFrom('seller_blocks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('seller_id', '=', sellerId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('seller_blocks as b')
        .innerJoin('users as u', 'u.id', 'b.blocked_user_id')
        .select(['u.username', 'u.avatar', 'b.created_at'])
        .where('b.seller_id', '=', sellerId)
        .orderBy('b.created_at', 'desc')
        .orderBy('u.username')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { total: Number(total.n), rows };
  },

  /**
   * The buyers a user blocked (the personal-data export). Who blocked the user is the sellers'
   * own data and stays out of it.
   */
  blocksOfUser(db: Database, userId: number) {
    return db
      .selectFrom('seller_blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_user_id')
      .select(['u.username as blocked_username', 'b.created_at'])
      .where('b.seller_id', '=', userId)
      .orderBy('b.created_at')
      .execute();
  },
};
