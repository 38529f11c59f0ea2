import type { ProductStatus } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import type { PaymentStatus } from '../../platform/db-schema.ts';

/**
 * The only code that changes `products.status` (a new product starts `available`). Every change
 * runs inside the caller's transaction and moves the product only from the states named here,
 * so a late or repeated step (a second webhook, two processes closing one auction) changes
 * nothing:
 *
 *   available ──enterAuction──▶ in_auction ──returnToSeller──▶ available
 *   available | in_auction ──sell──▶ sold ──ship──▶ shipped ──deliver──▶ delivered
 *   available ──withdrawAll──▶ cancelled (its seller deleted their account)
 *   available | in_auction ──takeDown──▶ cancelled (an operator removed it)
 */
export const productLifecycle = {
  /**
   * Whether a buyer is paying for one of these products (`exceptBuyer`: another buyer than this
   * one): a buy-now checkout or an accepted offer's payment, pending or processing, holds the
   * product for its payment window.
   * Meanwhile no other buyer may start one, and its seller may neither change what is being paid
   * for nor list it in an auction (the buyer would be charged, then refunded). Read under the
   * products' lock, which starting a checkout takes too.
   */
  async inCheckout(trx: Database, productIds: number[], now: Date, exceptBuyer?: number): Promise<boolean> {
    if (productIds.length === 0) return false;
    let query = trx
      .selectFrom('payments')
      .select('id')
      .where('product_id', 'in', productIds)
      .where('kind', 'in', ['buy_now', 'offer'])
      .where('status', 'in', ['pending', 'processing'] satisfies PaymentStatus[])
      .where('expires_at', '>', now);
    if (exceptBuyer !== undefined) query = query.where('buyer_id', '!=', exceptBuyer);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  },

  /** Products listed in a new auction. */
  async enterAuction(trx: Database, productIds: number[], auctionId: number, now: Date): Promise<void> {
    if (productIds.length === 0) return;
    await trx
      .updateTable('products')
      .set({ status: 'in_auction', auction_id: auctionId, updated_at: now })
      .where('id', 'in', productIds)
      .where('status', '=', 'available' satisfies ProductStatus)
      .execute();
  },

  /**
   * Unsold, or won and never paid: the product is the seller's to list again, in no auction.
   * With `auctionId`, only while it is still in that auction.
   */
  async returnToSeller(trx: Database, productId: number, auctionId: number | null, now: Date): Promise<void> {
    let query = trx
      .updateTable('products')
      // Buyable again (as buy-now, when it is sold that way): new to saved searches from now.
      .set({ status: 'available', auction_id: null, available_since: now, updated_at: now })
      .where('id', '=', productId)
      .where('status', '=', 'in_auction' satisfies ProductStatus);
    if (auctionId !== null) query = query.where('auction_id', '=', auctionId);
    await query.execute();
  },

  /** A confirmed payment: the product is sold, from the shelf or from its auction. */
  async sell(trx: Database, productId: number, now: Date): Promise<void> {
    await trx
      .updateTable('products')
      .set({ status: 'sold', updated_at: now })
      .where('id', '=', productId)
      .where('status', 'in', ['available', 'in_auction'] satisfies ProductStatus[])
      .execute();
  },

  /** The seller deleted their account: nothing of theirs stays on sale. */
  async withdrawAll(trx: Database, ownerId: number, now: Date): Promise<void> {
    await trx
      .updateTable('products')
      .set({ status: 'cancelled', updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'available' satisfies ProductStatus)
      .execute();
  },

  /**
   * An operator takes the product down: out of every list and its auction, for good. Only a
   * product not sold; answers whether it moved.
   */
  async takeDown(trx: Database, productId: number, reason: string, now: Date): Promise<boolean> {
    const result = await trx
      .updateTable('products')
      .set({
        status: 'cancelled',
        auction_id: null,
        taken_down_at: now,
        takedown_reason: reason,
        updated_at: now,
      })
      .where('id', '=', productId)
      .where('status', 'in', ['available', 'in_auction'] satisfies ProductStatus[])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The seller shipped it. Returns the product's name for the buyer's notice. */
  ship(trx: Database, productId: number, now: Date) {
    return follow(trx, productId, 'sold', 'shipped', now);
  },

  /** The buyer has it (confirmed by them, or automatically after the delivery window). */
  deliver(trx: Database, productId: number, now: Date) {
    return follow(trx, productId, 'shipped', 'delivered', now);
  },
};

/** Locks the product, moves it `from` → `to` when it is there, and returns its id and name. */
async function follow(trx: Database, productId: number, from: ProductStatus, to: ProductStatus, now: Date) {
  const product = await trx
    .selectFrom('products')
    .select(['id', 'name'])
    .where('id', '=', productId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('products')
    .set({ status: to, updated_at: now })
    .where('id', '=', productId)
    .where('status', '=', from)
    .execute();
  return product;
}
