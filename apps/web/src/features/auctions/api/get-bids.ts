import type { Bid } from '@app/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/bids/get_bids_by_auction/{auctionId}/{productId}: newest first. */
export function getBids(auctionId: number, productId: number) {
  return api.get<Bid[]>(`/api/bids/get_bids_by_auction/${auctionId}/${productId}`, { auth: true });
}
