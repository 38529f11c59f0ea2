import { searchEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/auctions/search/{term}: matching users, products and auctions (public). */
function searchAll(term: string, signal?: AbortSignal) {
  return call(searchEndpoints.search, { params: { '*': term }, signal });
}

/** Re-searches whenever the term changes; a blank term (validated by the page) never calls. */
const searchQuery = (term: string | null) =>
  queryOptions({
    queryKey: queryKeys.search.term(term),
    queryFn: ({ signal }) => searchAll(term!, signal),
    enabled: term !== null,
    // A 400 (too long) won't change by asking again.
    retry: false,
    staleTime: 30_000,
  });

export const useSearch = (term: string | null) => useQuery(searchQuery(term));
