import {
  type AuctionProductPage,
  AuctionProductPageSchema,
  adminMessages,
  auctionMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { photoView } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import { timedJson } from '../../platform/timed-json.ts';
import { bidHistory } from '../bids/bids.service.ts';
import { assertProductVisible, canSeeProduct } from '../products/product-visibility.service.ts';
import { sellerReputation } from '../trust/reputation.service.ts';
import { auctionRacesRepository as races } from './auction-races.repository.ts';
import { iso, toAuctionProduct } from './auction-views.ts';
import {
  type CachedProductPage,
  PRODUCT_PAGE_CACHE_MAX_MS,
  productPageCache,
} from './auctions.read-caches.ts';
import { auctionsRepository as repo } from './auctions.repository.ts';

/** A product's auction page: its race, its auction, the seller and the bid history. */
export function createAuctionProductPage(ctx: AppContext) {
  const { db, clock } = ctx;
  const productPages = productPageCache(ctx);

  /**
   * The product page. With no viewer (the cached read) null instead of an answer that depends on
   * who asks or is an error (a product taken down, none at all), which the viewer's read gives.
   */
  async function loadProductPage(
    productId: number,
    viewerId: number | null,
  ): Promise<CachedProductPage | null> {
    const product = await races.auctionOfProduct(db, productId);
    if (viewerId === null) {
      if (!product || product.auction_id === null || !(await canSeeProduct(db, product, null))) return null;
    } else if (product) await assertProductVisible(db, product, viewerId);
    const auctionId = product?.auction_id ?? null;
    if (auctionId === null) {
      // Taken down by an operator: it left its auction, and its page says so (to its owner too).
      if (product?.taken_down_at) throw notFound('PRODUCT_TAKEN_DOWN', adminMessages.productTakenDown);
      throw notFound('AUCTION_NOT_FOUND', auctionMessages.noAuctionInfo);
    }
    const auction = await repo.findAuctionById(db, auctionId);
    if (!auction) throw notFound('AUCTION_NOT_FOUND', auctionMessages.noAuctionInfo);
    const [row, owner, bids, reputation] = await Promise.all([
      races.productOfAuctionPage(db, auctionId, productId),
      repo.findUser(db, auction.owner_id),
      bidHistory(db, auctionId, productId),
      sellerReputation(ctx, auction.owner_id),
    ]);
    if (!row || !owner) throw notFound('AUCTION_NOT_FOUND', auctionMessages.noAuctionInfo);
    return {
      auction: {
        id: auction.id,
        title: auction.title,
        status: auction.status,
        start_time: iso(auction.start_time),
        is_flash: auction.is_flash,
      },
      products: [{ ...toAuctionProduct(row, auction), images: row.photos.map(photoView) }],
      owner: { id: owner.id, username: owner.username, avatar: owner.avatar, reputation },
      bids,
      min_offer: toPesos(auction.min_offer),
      max_offer: toPesos(auction.max_offer),
      // The product's own end: soft close moves it past the auction's original end.
      end_time: iso(row.end_time),
    };
  }

  return {
    /**
     * The product auction page: the product's race, its auction, owner and bid history. The same
     * for everyone who may see the product, so kept in memory (see createProductPageCache).
     */
    async productPage(productId: number, viewerId: number): Promise<string | AuctionProductPage> {
      const cached = await productPages.get(String(productId), async () => {
        const page = await loadProductPage(productId, null);
        return {
          value: page && { page, json: timedJson(AuctionProductPageSchema, page) },
          validUntil: new Date(clock.now().getTime() + PRODUCT_PAGE_CACHE_MAX_MS),
        };
      });
      const now = clock.now().toISOString();
      // Kept: sent as it was encoded, with the server's time of this request.
      if (cached) return cached.json(now);
      // Not kept: the viewer decides what is seen, or the answer is an error.
      const page = await loadProductPage(productId, viewerId);
      if (!page) throw new Error('product page expected for a visible product');
      return { ...page, server_time: now };
    },
  };
}
