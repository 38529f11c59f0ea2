import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { nextTask } from '../../../lib/next-task.ts';
import {
  dropAuctionProduct,
  pageBidCount,
  putBidInPage,
  reloadAuctionProduct,
} from '../api/get-auction-product.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed';

/**
 * Subscribes the product auction page to its live channel: each `new_bid` goes into the cached
 * page data (history newest first, current bid, bid count). Bids accepted before a subscription
 * took effect (the first one, or one after a reconnect) never come live: the channel's greeting
 * counts them, and the page reloads when it counts more bids than the page has. It reloads too
 * when the tab becomes visible again (live messages may have been lost meanwhile).
 */
export function useLiveBids(productKey: string, auctionId: number, productId: number): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    let socket: { close(): void } | undefined;
    let left = false;
    // The socket's code (with its message schemas) loads after the page has painted.
    import('./live-bids-socket.ts')
      // Its evaluation (zod and the messages' schemas) and opening the socket, each in a task of
      // its own: together they were a long task on a phone (startup-trace, 4x CPU).
      .then(nextTask)
      .then(({ openProductBids }) => {
        if (left) return;
        socket = openProductBids(auctionId, productId, {
          onStatus: setStatus,
          onResync: () => void reloadAuctionProduct(queryClient, productKey),
          onBid: (message) => putBidInPage(queryClient, productKey, message.bid, message),
          onTakenDown: () => void dropAuctionProduct(queryClient, productKey),
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
