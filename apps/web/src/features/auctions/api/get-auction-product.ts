import { auctionsEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { syncServerClock } from '../../../lib/server-clock.ts';

/** GET /api/auctions/get_auction_product_by_id/{productId}: the product auction page. */
export async function getAuctionProduct(productId: string) {
  const data = await call(auctionsEndpoints.productPage, { params: { id: productId } });
  // offset = server_time - Date.now() at load: countdowns run on the server's clock.
  syncServerClock(data.server_time);
  return data;
}

export const auctionProductKey = (productId: string) => ['auctions', 'product', productId] as const;

export function useAuctionProduct(productId: string) {
  return useQuery({
    queryKey: auctionProductKey(productId),
    queryFn: () => getAuctionProduct(productId),
    staleTime: 0,
  });
}
