import type { AuctionProductPage } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auctionProductQuery } from '../api/get-auction-product.ts';
import type { openProductBids } from './live-bids-socket.ts';
import { useLiveBids } from './use-live-bids.ts';

type Handlers = Parameters<typeof openProductBids>[2];
const opened: Handlers[] = [];
vi.mock('./live-bids-socket.ts', () => ({
  openProductBids: (_auctionId: number, _productId: number, handlers: Handlers) => {
    opened.push(handlers);
    return { close() {} };
  },
}));

function setUp(bidCount: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (bidCount !== null) {
    client.setQueryData(auctionProductQuery('5').queryKey, {
      products: [{ id: 5, bid_count: bidCount }],
      bids: [],
    } as unknown as AuctionProductPage);
  }
  const reloads = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveBids('5', 2, 5), { wrapper });
  return { reloads, client };
}

describe('useLiveBids', () => {
  afterEach(() => {
    opened.length = 0;
  });

  it('reads the page again when the greeting counts bids the page missed', async () => {
    const { reloads } = setUp(1);
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.onSubscribed(3);
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(reloads.mock.calls[0]![0]).toEqual({ queryKey: auctionProductQuery('5').queryKey });
  });

  it('keeps the page when it already counts every bid', async () => {
    const { reloads } = setUp(3);
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.onSubscribed(3);
    expect(reloads).not.toHaveBeenCalled();
  });

  it('reads the page again when its data has not arrived yet (its read may predate the subscription)', async () => {
    const { reloads } = setUp(null);
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.onSubscribed(0);
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('forgets the page when the product is taken down, so its read shows that instead of the race', async () => {
    const { client } = setUp(3);
    const resets = vi.spyOn(client, 'resetQueries').mockResolvedValue();
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.onTakenDown();
    expect(resets).toHaveBeenCalledWith({ queryKey: auctionProductQuery('5').queryKey });
  });
});
