import { z } from 'zod';
import { BrowseFiltersObject, BrowseFiltersSchema } from '../catalog/catalog.schemas.ts';
import { savedSearchMessages as m, SAVED_SEARCH_NAME_MAX } from './saved-search.messages.ts';

/** POST /api/saved-searches: a name and the browse filters of the view to keep. */
export const CreateSavedSearchSchema = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(SAVED_SEARCH_NAME_MAX, { error: m.nameTooLong }),
  filters: BrowseFiltersSchema.optional().transform((v, ctx) => {
    if (v !== undefined) return v;
    ctx.addIssue({ code: 'custom', message: m.filtersRequired });
    return z.NEVER;
  }),
});
export type CreateSavedSearchInput = z.infer<typeof CreateSavedSearchSchema>;

export const SavedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The filters as saved (already validated: the term is sent as stored). */
  filters: BrowseFiltersObject.extend({ q: z.string().optional() }),
  /** The names of the category, brand and scale filtered on (null when not filtered). */
  names: z.object({
    category: z.string().nullable(),
    brand: z.string().nullable(),
    scale: z.string().nullable(),
  }),
  /** The view in Explorar: `/explorar?…` with the saved filters. */
  link: z.string(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema) });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

export const SavedSearchDeletedSchema = z.object({ id: z.number(), message: z.string() });
