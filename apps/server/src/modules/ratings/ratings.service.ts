import {
  type CreateRatingInput,
  CreateRatingSchema,
  ratingMessages as messages,
  pageMeta,
  type RatingCreated,
  type SellerRatingsResponse,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound, parseInput } from '../../platform/errors.ts';
import { findRatingSummary, ratingsRepository as repo } from './ratings.repository.ts';

/** A seller's rating count and average, for the profiles the users module serves. */
export const sellerRatingSummary = findRatingSummary;

/** Buyers rate sellers once per delivered purchase; profiles show the list and the average. */
export function createRatingsService(ctx: AppContext) {
  const { db, clock } = ctx;

  return {
    /**
     * Only the buyer of that purchase, only once it is delivered (403 otherwise), only once (409).
     * The payment row is locked so two ratings sent at once cannot both pass the check.
     */
    async create(buyerId: number, body: CreateRatingInput | unknown): Promise<RatingCreated> {
      const input = parseInput(CreateRatingSchema, body);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const purchase = await repo.findPurchaseForUpdate(trx, input.product_id);
        if (!purchase || purchase.buyer_id !== buyerId) throw forbidden('NOT_BUYER', messages.notYours);
        if (purchase.shipping_status !== 'delivered') throw forbidden('NOT_DELIVERED', messages.notDelivered);
        const row = await repo.insert(trx, {
          paymentId: purchase.id,
          productId: purchase.product_id,
          sellerId: purchase.seller_id,
          buyerId,
          score: input.score,
          comment: input.comment,
          now,
        });
        if (!row) throw conflict('ALREADY_RATED', messages.alreadyRated);
        const buyer = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', buyerId)
          .executeTakeFirstOrThrow();
        return {
          message: messages.created,
          rating: {
            product_id: row.product_id,
            score: row.score,
            comment: row.comment,
            buyer_username: buyer.username,
            created_at: row.created_at.toISOString(),
          },
        };
      });
    },

    async listForSeller(username: string, page: number, size: number): Promise<SellerRatingsResponse> {
      const seller = await repo.findSellerId(db, username);
      if (!seller) throw notFound('USER_NOT_FOUND', messages.userNotFound);
      const { rows, total } = await repo.listForSeller(db, seller.id, size, (page - 1) * size);
      return {
        items: rows.map((r) => ({
          score: r.score,
          comment: r.comment,
          buyer_username: r.buyer_username,
          created_at: r.created_at.toISOString(),
        })),
        meta: pageMeta(total, page, size),
      };
    },
  };
}
