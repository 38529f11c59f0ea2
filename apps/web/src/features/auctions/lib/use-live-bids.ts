import { liveChannels } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openLiveSocket } from '../../../lib/ws-client.ts';
import { putBidInPage, reloadAuctionProduct } from '../api/get-auction-product.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed';

/**
 * Subscribes the product auction page to its live channel: each `new_bid` goes into the cached
 * page data (history newest first, current bid, bid count); after a reconnect, and when the tab
 * becomes visible again, the page reloads, so bids whose live message was missed still show.
 */
export function useLiveBids(productKey: string, auctionId: number, productId: number): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    const socket = openLiveSocket(liveChannels.productBids.url(auctionId, productId), {
      onStatus: setStatus,
      onOpen: (reconnected) => {
        if (reconnected) void reloadAuctionProduct(queryClient, productKey);
      },
      onResync: () => void reloadAuctionProduct(queryClient, productKey),
      onMessage: (data) => {
        const parsed = liveChannels.productBids.server.safeParse(data);
        if (parsed.success) putBidInPage(queryClient, productKey, parsed.data.bid, parsed.data);
      },
    });
    return () => socket.close();
  }, [queryClient, productKey, auctionId, productId]);

  return status;
}
