import type { DbFunction } from './db-function.ts';

/** Search text without accents, in lower case: what searches and indexes compare. */
export const searchNormalize: DbFunction = {
  name: 'search_normalize',
  definition: `
create or replace function search_normalize(text) returns text language sql immutable parallel safe strict as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`,
  triggers: [],
};
