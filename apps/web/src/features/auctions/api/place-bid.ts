import { bidsEndpoints, type PlaceBidInput } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { putBidInPage } from './get-auction-product.ts';
import { maxBidQuery } from './max-bid.ts';

/** POST /api/bids/create-bid. */
function placeBid(input: PlaceBidInput) {
  return call(bidsEndpoints.place, { body: input });
}

/**
 * Places a bid from the product auction page `productKey`. The answer goes into the page at
 * once (the live channel's echo of the same bid is then ignored), and a maximum sent with it
 * becomes the cached ceiling.
 */
export function usePlaceBid(productKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeBid,
    onSuccess: (placed, input) => {
      const { message: _message, auction_id, product_id, highest_bid, bid_count, end_time, ...bid } = placed;
      putBidInPage(client, productKey, bid, { auction_id, product_id, highest_bid, bid_count, end_time });
      if (input.max_amount != null) {
        client.setQueryData(maxBidQuery(input.auction_id, input.product_id).queryKey, {
          max_amount: input.max_amount,
        });
      }
    },
  });
}
