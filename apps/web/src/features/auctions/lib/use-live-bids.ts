import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pageBidCount, putBidInPage, reloadAuctionProduct } from '../api/get-auction-product.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed';

/**
 * Subscribes the product auction page to its live channel: each `new_bid` goes into the cached
 * page data (history newest first, current bid, bid count). Bids accepted before the subscription
 * took effect never come live: when the channel's greeting counts more bids than the page (read
 * earlier), after a reconnect, and when the tab becomes visible again, the page reloads.
 */
export function useLiveBids(productKey: string, auctionId: number, productId: number): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    let socket: { close(): void } | undefined;
    let left = false;
    // The socket's code (with its message schemas) loads after the page has painted.
    import('./live-bids-socket.ts')
      .then(({ openProductBids }) => {
        if (left) return;
        socket = openProductBids(auctionId, productId, {
          onStatus: setStatus,
          onOpen: (reconnected) => {
            if (reconnected) void reloadAuctionProduct(queryClient, productKey);
          },
          onResync: () => void reloadAuctionProduct(queryClient, productKey),
          onBid: (message) => putBidInPage(queryClient, productKey, message.bid, message),
          onSubscribed: (bidCount) => {
            const counted = pageBidCount(queryClient, productKey);
            if (counted === undefined || counted < bidCount)
              void reloadAuctionProduct(queryClient, productKey);
          },
        });
      })
      .catch(() => setStatus('closed'));
    return () => {
      left = true;
      socket?.close();
    };
  }, [queryClient, productKey, auctionId, productId]);

  return status;
}
