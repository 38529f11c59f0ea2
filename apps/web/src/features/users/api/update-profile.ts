import { type EndpointResponse, type ProfileUpdateInput, usersEndpoints } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { profileQuery } from '../../../lib/profile-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

type UpdateProfileResponse = EndpointResponse<typeof usersEndpoints.updateProfile>;

/** PUT /api/users/profile with the edited fields; answers the saved profile. */
function updateProfile(input: ProfileUpdateInput): Promise<UpdateProfileResponse> {
  return call(usersEndpoints.updateProfile, { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response) => {
      queryClient.setQueryData(profileQuery().queryKey, response.user ?? response);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
