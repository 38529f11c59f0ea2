import { type BrowseFilters, type CreateSavedSearchInput, savedSearchesEndpoints } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const key = queryKeys.savedSearches.all;

/** GET /api/saved-searches: the user's saved views, newest first. */
const savedSearchesQuery = () =>
  queryOptions({ queryKey: key, queryFn: () => call(savedSearchesEndpoints.list) });

export const useSavedSearches = () => useQuery(savedSearchesQuery());

/** POST /api/saved-searches (one Idempotency-Key per click, so a retry saves once). */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; filters: Partial<BrowseFilters> }) =>
      call(savedSearchesEndpoints.create, { body: input as CreateSavedSearchInput }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE /api/saved-searches/{id}. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(savedSearchesEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
