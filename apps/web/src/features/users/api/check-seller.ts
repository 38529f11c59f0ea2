import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

export const checkSellerQueryKey = ['users', 'check_seller'] as const;

/** GET /api/users/profile/check_seller: a bare boolean. */
export async function checkSeller(): Promise<boolean> {
  return (await api.get<boolean>('/api/users/profile/check_seller', { auth: true })) === true;
}

/** Whether the logged-in user is a seller (false while unknown or logged out). */
export function useIsSeller() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ queryKey: checkSellerQueryKey, queryFn: checkSeller, enabled: loggedIn });
}
