import type { Database } from '../../platform/db.ts';

/** A won item not paid within this window becomes `expired`. */
export const WON_ITEM_PAYMENT_WINDOW_MS = 72 * 3600 * 1000;

/**
 * Creates the pending won-auction item (a `payments` row) inside the closing transaction.
 * Called by the auctions module when a product's highest bid reaches its reserve, and by the
 * expiry job for a second chance. Idempotent: a second call for the same auction, product and
 * buyer changes nothing.
 */
export async function createWonAuctionItem(
  trx: Database,
  input: {
    auctionId: number;
    productId: number;
    buyerId: number;
    sellerId: number;
    amountCentavos: number;
    provider: string;
    now: Date;
    /**
     * When the 72 hours start: the moment the transition fell due (the product's end, or the
     * previous winner's deadline), not when a job got to it, so a clock that jumps days ahead
     * (or a server that was down) still walks through each deadline in order.
     */
    windowStart: Date;
    /** Offered to the next bidder after the winner did not pay. */
    secondChance?: boolean;
  },
): Promise<string | null> {
  const row = await trx
    .insertInto('payments')
    .values({
      kind: 'auction',
      auction_id: input.auctionId,
      product_id: input.productId,
      buyer_id: input.buyerId,
      seller_id: input.sellerId,
      amount: input.amountCentavos,
      provider: input.provider,
      expires_at: new Date(input.windowStart.getTime() + WON_ITEM_PAYMENT_WINDOW_MS),
      second_chance: input.secondChance ?? false,
      // Won when the transition fell due; written now.
      created_at: input.windowStart,
      updated_at: input.now,
    })
    .onConflict((oc) =>
      oc.columns(['auction_id', 'product_id', 'buyer_id']).where('kind', '=', 'auction').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
