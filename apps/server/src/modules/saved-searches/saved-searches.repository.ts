import type { BrowseFilters } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export interface SavedSearchRow {
  id: number;
  user_id: number;
  name: string;
  filters: unknown;
  created_at: Date;
  checked_at: Date;
  category: string | null;
  brand: string | null;
  scale: string | null;
}

/** The saved search with the names of the category, brand and scale it filters on. */
function withNames(db: Database) {
  return db
    .selectFrom('saved_searches as s')
    .leftJoin('categories as c', (join) => join.on(sql<boolean>`c.id = (s.filters->>'category_id')::integer`))
    .leftJoin('brands as b', (join) => join.on(sql<boolean>`b.id = (s.filters->>'brand_id')::integer`))
    .leftJoin('scales as sc', (join) => join.on(sql<boolean>`sc.id = (s.filters->>'scale_id')::integer`))
    .select([
      's.id',
      's.user_id',
      's.name',
      's.filters',
      's.created_at',
      's.checked_at',
      'c.name as category',
      'b.name as brand',
      'sc.name as scale',
    ]);
}

export const savedSearchesRepository = {
  /** Locks the user's row: saves by one user take turns, so the limit holds under races. */
  async lockUser(trx: Database, userId: number): Promise<void> {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  },

  async countForUser(trx: Database, userId: number): Promise<number> {
    const row = await trx
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Checked from its creation: only what becomes buyable afterwards is new to it. */
  async insert(trx: Database, userId: number, name: string, filters: BrowseFilters, now: Date) {
    const { id } = await trx
      .insertInto('saved_searches')
      .values({
        user_id: userId,
        name,
        filters: JSON.stringify(filters),
        created_at: now,
        checked_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  findOwned(db: Database, userId: number, id: number): Promise<SavedSearchRow | undefined> {
    return withNames(db).where('s.id', '=', id).where('s.user_id', '=', userId).executeTakeFirst();
  },

  listForUser(db: Database, userId: number): Promise<SavedSearchRow[]> {
    return withNames(db)
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .execute();
  },

  async remove(db: Database, userId: number, id: number): Promise<boolean> {
    const result = await db
      .deleteFrom('saved_searches')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /**
   * The latest moment any product became buyable that is still buyable (a buy-now product made
   * available, a running auction started): searches checked after it have nothing new to count.
   */
  async latestBecameBuyable(db: Database): Promise<Date | null> {
    const { rows } = await sql<{ latest: Date | string | null }>`
      select greatest(
        (select max(available_since) from products where status = 'available' and can_be_bought),
        (select max(start_time) from auctions where status = 'active')
      ) as latest
    `.execute(db);
    const latest = rows[0]?.latest;
    return latest ? new Date(latest) : null;
  },

  /**
   * Searches due a check: last checked before `before` (the caller makes it no later than the
   * latest time anything became buyable), and not yet notified on `today` (Bogotá).
   */
  findDue(db: Database, before: Date, today: string, limit: number): Promise<SavedSearchRow[]> {
    return withNames(db)
      .where('s.checked_at', '<', before)
      .where((eb) =>
        eb.or([
          eb('s.last_notified_day', 'is', null),
          eb('s.last_notified_day', '<', sql<string>`${today}::date`),
        ]),
      )
      .orderBy('s.checked_at')
      .orderBy('s.id')
      .limit(limit)
      .execute();
  },

  /**
   * Marks the search checked up to `until` (and notified on `today` when `notify`), only if it
   * is as it was read: unchecked since and not notified today. Answers whether this caller won it, so two
   * processes checking the same search notify once.
   */
  async markChecked(
    trx: Database,
    search: Pick<SavedSearchRow, 'id' | 'checked_at'>,
    until: Date,
    today: string,
    notify: boolean,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('saved_searches')
      .set({ checked_at: until, ...(notify ? { last_notified_day: today } : {}) })
      .where('id', '=', search.id)
      .where('checked_at', '=', search.checked_at)
      .where((eb) =>
        eb.or([
          eb('last_notified_day', 'is', null),
          eb('last_notified_day', '<', sql<string>`${today}::date`),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
