import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { auctionProductQuery } from '../features/auctions/api/get-auction-product.ts';
import { auctionsQuery } from '../features/auctions/api/get-auctions.ts';
import { authStorage } from '../lib/auth-storage.ts';

/**
 * Asks for the data a page shows first as soon as its address is known, beside the page's code
 * instead of after it (what a router's loader would do): the home page's first auctions, and a
 * product's auction page for a logged-in visitor (anyone else is sent to the login). The page's
 * own query takes the answer.
 */
export function prefetchPageData(client: QueryClient, pathname: string) {
  if (pathname === paths.home.getHref()) {
    void client.prefetchInfiniteQuery(auctionsQuery());
    return;
  }
  const product = matchPath(paths.productAuction.path, pathname);
  if (product?.params.id && authStorage.getToken()) {
    void client.prefetchQuery(auctionProductQuery(product.params.id));
  }
}

/** `prefetchPageData` on every change of address inside the app. */
export function usePrefetchPageData() {
  const { pathname } = useLocation();
  const client = useQueryClient();
  useEffect(() => prefetchPageData(client, pathname), [client, pathname]);
}
