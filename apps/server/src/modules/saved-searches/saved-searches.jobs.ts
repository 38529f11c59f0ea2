import { BrowseFiltersSchema, browseViewLink, savedSearchMessages as m, marketDay } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { savedSearchesRepository as repo } from './saved-searches.repository.ts';
import { rawFilters } from './saved-searches.service.ts';

const BATCH = 50;
/**
 * A check looks only at what became buyable at least this long ago: a product's time is taken
 * when its transaction starts, so one still committing could otherwise fall behind a check that
 * already passed its time, and never count.
 */
const SETTLE_MS = 30_000;
/** Each search is counted at most this often: many searches must not each cost a query a tick. */
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Job: tells each saved search's owner how many matching products became buyable since the
 * search was last checked (never counting what was already buyable when it was saved), once a
 * Bogotá day at most. Matching is the browse listing's own (filters and `q`), so a notification
 * counts what the linked view shows as new.
 */
export function createSavedSearchMatchJob(ctx: AppContext, deps: { catalog: CatalogService }) {
  const { db, events } = ctx;
  return {
    name: 'saved-searches.matches',
    async run(now: Date): Promise<number> {
      const latest = await repo.latestBecameBuyable(db);
      if (!latest) return 0;
      const until = new Date(now.getTime() - SETTLE_MS);
      // A saved search notifies at most once per market day.
      const today = marketDay(now);
      const lastCheckBefore = new Date(Math.min(latest.getTime(), now.getTime() - CHECK_EVERY_MS));
      const due = await repo.findDue(db, lastCheckBefore, today, BATCH);
      let checked = 0;
      for (const search of due) {
        // Filters saved under older rules than today's are passed over, not retried forever.
        const filters = BrowseFiltersSchema.safeParse(rawFilters(search));
        // Counted before the transaction: the count reads through the shared connection (on the
        // embedded database, from inside a transaction it would wait for itself). The update
        // below applies only if no other process checked the search meanwhile.
        const window = { after: search.checked_at, until };
        const count = filters.success ? await deps.catalog.countBecameBuyable(filters.data, window, now) : 0;
        const notified = await db.transaction().execute(async (trx) => {
          const claimed = await repo.markChecked(trx, search, until, today, count > 0);
          if (!claimed || count === 0) return [];
          return createNotifications(
            trx,
            [
              {
                userId: search.user_id,
                type: 'saved_search_match',
                title: m.matchTitle,
                message: m.match(count, search.name),
                link: browseViewLink(filters.data ?? {}),
              },
            ],
            now,
          );
        });
        if (notified.length > 0) await publishNotifications(events, notified);
        checked += 1;
      }
      return checked;
    },
  };
}
