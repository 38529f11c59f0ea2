import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { ERASED_HASH_PREFIX } from '../../platform/passwords.ts';

export const secondChanceRepository = {
  /**
   * The next bidder for a second chance: another user (never one already offered this product in
   * this auction, nor a suspended or deleted account, one the seller blocked or one with
   * `strikesToBlock` unpaid strikes since `strikesSince`, who may not buy) whose highest bid
   * reaches the reserve; the highest such bid, the earliest first.
   */
  async findSecondChanceBidder(
    trx: Database,
    target: { auctionId: number; productId: number; sellerId: number },
    standing: { strikesSince: Date; strikesToBlock: number },
  ) {
    const { auctionId, productId, sellerId } = target;
    const product = await trx
      .selectFrom('products')
      .select(['id', 'name', 'reserve_price', 'status', 'auction_id'])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
    if (!product || product.status !== 'in_auction' || product.auction_id !== auctionId) return null;
    const offered = trx
      .selectFrom('payments')
      .select('buyer_id')
      .where('kind', '=', 'auction')
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId);
    const bidder = await trx
      .selectFrom('bids as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select((eb) => [
        'b.user_id',
        eb.fn.max('b.amount').as('amount'),
        eb.fn.min('b.created_at').as('first_bid_at'),
      ])
      .where('b.auction_id', '=', auctionId)
      .where('b.product_id', '=', productId)
      .where('b.user_id', 'not in', offered)
      .where('u.suspended_at', 'is', null)
      .where('u.password_hash', 'not like', `${ERASED_HASH_PREFIX}%`)
      .where(
        sql<boolean>`not exists (select 1 from seller_blocks sb
                                  where sb.seller_id = ${sellerId} and sb.blocked_user_id = b.user_id)`,
      )
      .where(
        sql<boolean>`(select count(*) from unpaid_strikes s
                       where s.user_id = b.user_id and s.cleared_at is null
                         and s.created_at > ${standing.strikesSince}) < ${standing.strikesToBlock}`,
      )
      .groupBy('b.user_id')
      .having((eb) => eb.fn.max('b.amount'), '>=', product.reserve_price)
      .orderBy((eb) => eb.fn.max('b.amount'), 'desc')
      .orderBy((eb) => eb.fn.min('b.created_at'), 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!bidder) return null;
    return { product, userId: bidder.user_id, amount: Number(bidder.amount) };
  },
};
