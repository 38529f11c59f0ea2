import type { Database } from '../../platform/db.ts';

export const notificationsRepository = {
  list(db: Database, userId: number, options: { unreadOnly: boolean; limit: number; offset: number }) {
    let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
    if (options.unreadOnly) query = query.where('is_read', '=', false);
    return query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  },

  async count(db: Database, userId: number, unreadOnly: boolean): Promise<number> {
    let query = db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId);
    if (unreadOnly) query = query.where('is_read', '=', false);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Marks the user's own notification read; returns it, or undefined when it isn't theirs. */
  markRead(db: Database, userId: number, id: number) {
    return db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  },
};
