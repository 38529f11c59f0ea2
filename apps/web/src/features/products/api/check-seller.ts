import { usersEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

/** GET /api/users/profile/check_seller: a bare boolean. */
async function getIsSeller(): Promise<boolean> {
  return (await call(usersEndpoints.checkSeller)) === true;
}

const sellerCheckQuery = (loggedIn: boolean) =>
  queryOptions({ queryKey: queryKeys.users.sellerCheck, queryFn: getIsSeller, enabled: loggedIn });

/** Whether the logged-in user is a seller; disabled (no data) when logged out. */
export function useSellerCheck() {
  const loggedIn = useIsLoggedIn();
  return useQuery(sellerCheckQuery(loggedIn));
}
