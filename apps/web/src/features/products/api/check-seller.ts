import { usersEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

/** Same key as the users feature's check, so both share one cached answer. */
export const sellerCheckKey = ['users', 'check_seller'] as const;

/** GET /api/users/profile/check_seller: a bare boolean. */
export async function getIsSeller(): Promise<boolean> {
  return (await call(usersEndpoints.checkSeller)) === true;
}

/** Whether the logged-in user is a seller; disabled (no data) when logged out. */
export function useSellerCheck() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ queryKey: sellerCheckKey, queryFn: getIsSeller, enabled: loggedIn });
}
