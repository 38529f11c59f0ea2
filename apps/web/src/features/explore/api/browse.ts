import { BROWSE_PAGE_SIZE, catalogEndpoints } from '@app/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { browseParams, type ExploreState } from '../lib/explore-state.ts';

/**
 * GET /api/catalog/browse for a view, 'Cargar más' at a time. Each next page starts after the
 * last product shown (the answer's cursor), so nothing repeats or goes missing while listings
 * change between loads.
 */
const browseQuery = (state: ExploreState) => {
  const query = browseParams(state);
  return infiniteQueryOptions({
    queryKey: queryKeys.catalog.browse(query),
    queryFn: ({ pageParam, signal }) =>
      call(catalogEndpoints.browse, {
        query: { ...query, size: BROWSE_PAGE_SIZE, ...(pageParam ?? {}) },
        signal,
      }),
    initialPageParam: null as { after: string; page: number } | null,
    getNextPageParam: (last) =>
      last.meta.next ? { after: last.meta.next, page: last.meta.page + 1 } : undefined,
    // The filters and counts stay on screen while a changed view loads.
    placeholderData: keepPreviousData,
  });
};

export const useBrowse = (state: ExploreState) => useInfiniteQuery(browseQuery(state));
