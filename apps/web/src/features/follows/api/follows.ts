import { type FollowState, followsEndpoints } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

/** GET /api/follows/{username}: whether the user follows that seller, and their follower count. */
const followStateQuery = (username: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: queryKeys.follows.state(username),
    queryFn: () => call(followsEndpoints.state, { params: { username } }),
    enabled: loggedIn,
  });

export function useFollowState(username: string) {
  return useQuery(followStateQuery(username, useIsLoggedIn()));
}

/**
 * POST or DELETE /api/follows/{username}. The answer is the new state (with the count), kept as
 * the cached state; the public profiles (which carry the count too) are refetched.
 */
export function useToggleFollow(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      call(follow ? followsEndpoints.follow : followsEndpoints.unfollow, { params: { username } }),
    onSuccess: (state: FollowState) => {
      queryClient.setQueryData(queryKeys.follows.state(username), state);
      void queryClient.invalidateQueries({ queryKey: ['users', 'public'] });
    },
  });
}
