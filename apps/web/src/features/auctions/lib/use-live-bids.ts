import { type AuctionProductPage, liveChannels, NewBidMessageSchema } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openLiveSocket } from '../../../lib/ws-client.ts';
import { auctionProductKey } from '../api/get-auction-product.ts';

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
    const key = auctionProductKey(productKey);
    const socket = openLiveSocket(liveChannels.productBids.url(auctionId, productId), {
      onStatus: setStatus,
      onOpen: (reconnected) => {
        if (reconnected) void queryClient.invalidateQueries({ queryKey: key });
      },
      onResync: () => void queryClient.invalidateQueries({ queryKey: key }),
      onMessage: (data) => {
        const parsed = NewBidMessageSchema.safeParse(data);
        if (!parsed.success) return;
        const { bid, bid_count, end_time } = parsed.data;
        queryClient.setQueryData<AuctionProductPage>(key, (page) => {
          if (!page || page.bids.some((b) => b.id === bid.id)) return page;
          const product = page.products[0];
          const bids = [
            { ...bid, auto: bid.auto ?? false, user: { username: bid.username, avatar: bid.avatar } },
            ...page.bids,
          ].sort((x, y) => y.id - x.id);
          const highest = Math.max(product?.highest_bid ?? 0, bid.amount);
          // The product's effective end: a last-minute bid moves it (soft close).
          const endTime = end_time === undefined ? page.end_time : end_time;
          return {
            ...page,
            end_time: endTime,
            bids,
            products: product
              ? [
                  {
                    ...product,
                    highest_bid: highest,
                    current_bid: highest,
                    bid_count: Math.max(bid_count ?? 0, product.bid_count + 1),
                    end_time: endTime,
                  },
                  ...page.products.slice(1),
                ]
              : page.products,
          };
        });
      },
    });
    return () => socket.close();
  }, [queryClient, productKey, auctionId, productId]);

  return status;
}
