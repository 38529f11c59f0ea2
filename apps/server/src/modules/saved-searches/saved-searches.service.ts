import {
  BrowseFiltersSchema,
  browseViewLink,
  type CreateSavedSearchInput,
  savedSearchMessages as m,
  SAVED_SEARCH_LIMIT,
  type SavedSearch,
  type SavedSearchList,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { savedSearchesRepository as repo, type SavedSearchRow } from './saved-searches.repository.ts';

/** The stored filters as the drivers answer jsonb: parsed, or as text. */
export const rawFilters = (row: Pick<SavedSearchRow, 'filters'>): unknown =>
  typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters;

/** Read back as saved, validated by today's browse rules. */
const storedFilters = (row: Pick<SavedSearchRow, 'filters'>) => BrowseFiltersSchema.parse(rawFilters(row));

function toDto(row: SavedSearchRow): SavedSearch {
  const filters = storedFilters(row);
  return {
    id: row.id,
    name: row.name,
    filters,
    names: { category: row.category, brand: row.brand, scale: row.scale },
    link: browseViewLink(filters),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The user's saved searches as their personal-data export lists them, oldest first. */
export async function savedSearchesOfUser(db: Database, userId: number) {
  const rows = await repo.listForUser(db, userId);
  return rows.reverse().map((row) => ({
    id: row.id,
    name: row.name,
    filters: storedFilters(row),
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** A user's saved Explorar views: kept, listed and deleted by their owner only. */
export function createSavedSearchesService(ctx: AppContext) {
  const { db, clock } = ctx;
  return {
    /**
     * Saves a view. At most 20 per user: the user's row is locked while counting, so parallel
     * saves cannot pass the limit together.
     */
    async create(userId: number, input: CreateSavedSearchInput): Promise<SavedSearch> {
      const id = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        if ((await repo.countForUser(trx, userId)) >= SAVED_SEARCH_LIMIT)
          throw new AppError('SAVED_SEARCH_LIMIT', 409, m.limitReached, [m.limitReached]);
        return repo.insert(trx, userId, input.name, input.filters, clock.now());
      });
      const row = await repo.findOwned(db, userId, id);
      if (!row) throw notFound('SAVED_SEARCH_NOT_FOUND', m.notFound);
      return toDto(row);
    },

    /** Newest first. */
    async list(userId: number): Promise<SavedSearchList> {
      return { items: (await repo.listForUser(db, userId)).map(toDto) };
    },

    /** Another user's search is a 404: its existence is none of the caller's business. */
    async remove(userId: number, id: number): Promise<{ id: number; message: string }> {
      if (!(await repo.remove(db, userId, id))) throw notFound('SAVED_SEARCH_NOT_FOUND', m.notFound);
      return { id, message: m.deleted };
    },
  };
}

/** An erased account's saved searches go with it. */
export async function forgetSavedSearches(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
}
