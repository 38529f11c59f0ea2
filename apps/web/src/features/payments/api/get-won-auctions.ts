import { paymentsEndpoints } from '@app/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/payments/get_payments_by_user_id: the logged-in user's won-auction items. */
const getWonAuctions = () => call(paymentsEndpoints.wonItems);

const wonAuctionsQuery = () => queryOptions({ queryKey: queryKeys.payments.won, queryFn: getWonAuctions });

export const useWonAuctions = () => useQuery(wonAuctionsQuery());

/** After a payment link is asked for: the item's status may have changed either way. */
export const refreshWonAuctions = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.payments.won });
