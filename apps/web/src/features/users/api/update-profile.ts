import type { ProfileUpdateInput, UserProfile } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from './get-profile.ts';

export type UpdateProfileResponse = UserProfile & { message: string; user: UserProfile };

/** PUT /api/users/profile with the edited fields; answers the saved profile. */
export function updateProfile(input: ProfileUpdateInput): Promise<UpdateProfileResponse> {
  return api.put<UpdateProfileResponse>('/api/users/profile', input, { auth: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response) => {
      queryClient.setQueryData(profileQueryKey, response.user ?? response);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
