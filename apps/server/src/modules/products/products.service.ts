import {
  commonMessages,
  makeCreateProductSchema,
  type Product,
  type ProductBuyResponse,
  type ProductDetailView,
  type ProductPage,
  type PublicProduct,
  pageMeta,
  productMessages,
  type Reputation,
  SIMILAR_PRODUCTS_LIMIT,
} from '@app/contracts';
import { type AppContext, perApp } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { type ImageStore, photoView } from '../../platform/images.ts';
import { createReadCache, readFreshness } from '../../platform/read-cache.ts';
import type { ReferenceDataService } from '../reference-data/reference-data.service.ts';
import { sellerReputation } from '../trust/reputation.service.ts';
import { sellerVacation } from '../trust/vacation.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createProductEdits } from './product-edits.ts';
import { requireProduct, toProduct, toProductDetail, toPublicProduct } from './product-views.ts';
import { assertProductVisible, canSeeProduct } from './product-visibility.service.ts';
import { type ProductDetailRow, productsRepository } from './products.repository.ts';

/** A seller's own list is returned whole (the page filters it), up to this many, newest first. */
const SELLER_PRODUCTS_LIMIT = 500;
/** The public profile's direct-buy grid. */
const USER_BUY_NOW_LIMIT = 100;

const isBuyable = (row: { can_be_bought: boolean; status: string }) =>
  row.can_be_bought && row.status === 'available';

/** The buy-now page as kept in memory: everything but the seller's vacation, read per request. */
function toBuyResponse(row: ProductDetailRow, reputation: Reputation): CachedBuyPage {
  return {
    product: { ...toPublicProduct(row), images: row.photos.map(photoView) },
    owner: {
      id: row.owner_id,
      username: row.owner_username,
      image: row.owner_avatar,
      avatar: row.owner_avatar,
      reputation,
    },
    can_be_bought: isBuyable(row),
  };
}

type CachedBuyPage = Omit<ProductBuyResponse, 'owner'> & {
  owner: Omit<ProductBuyResponse['owner'], 'away_until' | 'away_message'>;
};

const BUY_PAGE_CACHE_ENTRIES = 2_000;
const BUY_PAGE_CACHE_MAX_MS = 60_000;

/**
 * Buy-now pages, the same for everyone who may see the product: served while the `catalog`
 * counter stands still (from memory while the event bus vouches for it). A product taken down
 * (who may see it depends on the viewer) or unknown is answered as null and not kept: the
 * viewer's own read answers.
 */
const buyPageCache = perApp((ctx: AppContext) =>
  createReadCache<CachedBuyPage | null>({
    db: ctx.db,
    clock: ctx.clock,
    counter: 'catalog',
    freshness: readFreshness(ctx),
    maxEntries: BUY_PAGE_CACHE_ENTRIES,
  }),
);

export function createProductsService(
  ctx: AppContext,
  deps: { users: UsersService; referenceData: ReferenceDataService; images?: ImageStore },
) {
  const { db, clock } = ctx;
  const { users, referenceData } = deps;
  const buyPages = buyPageCache(ctx);

  /**
   * A product an operator took down is gone for everyone but its owner and the operators, with
   * a 404 that says so.
   */
  async function requireVisible(id: number, viewerId: number | null): Promise<ProductDetailRow> {
    const row = await requireProduct(db, id);
    await assertProductVisible(db, row, viewerId);
    return row;
  }

  return {
    /** Only sellers create products. */
    async assertSeller(userId: number): Promise<void> {
      if (!(await users.isSeller(userId))) throw forbidden('SELLER_ONLY', commonMessages.sellerOnly);
    },

    /** The create schema with the scale rule of the categories in the database. */
    async createSchema() {
      return makeCreateProductSchema({ scaleRequiredFor: await referenceData.scaleRule() });
    },

    ...createProductEdits(ctx, deps),

    /** Any logged-in user may read a product; its reserve and base prices only its owner. */
    async get(id: number, viewerId: number): Promise<ProductDetailView> {
      const product = toProductDetail(await requireVisible(id, viewerId));
      if (product.owner_id === viewerId) return product;
      const {
        reserve_price: _reserve,
        base_price: _base,
        auto_accept_price: _accept,
        auto_decline_price: _decline,
        ...withoutPrices
      } = product;
      return withoutPrices;
    },

    async listOwn(userId: number): Promise<Product[]> {
      const rows = await productsRepository.listByOwner(db, userId, SELLER_PRODUCTS_LIMIT);
      return rows.map(toProduct);
    },

    /** The buy-now page: the product, its owner and whether it can be bought right now. */
    async getBuy(id: number, viewerId: number | null = null): Promise<ProductBuyResponse> {
      const cached = await buyPages.get(String(id), async () => {
        const row = await productsRepository.findById(db, id);
        return {
          // Kept only as anyone sees it: what a viewer who may see more sees is their own read.
          value:
            row && (await canSeeProduct(db, row, null))
              ? toBuyResponse(row, await sellerReputation(ctx, row.owner_id))
              : null,
          validUntil: new Date(clock.now().getTime() + BUY_PAGE_CACHE_MAX_MS),
        };
      });
      const page =
        cached ??
        (await (async () => {
          const row = await requireVisible(id, viewerId);
          return toBuyResponse(row, await sellerReputation(ctx, row.owner_id));
        })());
      // The seller's vacation is read afresh, never kept with the page: it starts and ends
      // without the catalog changing.
      const vacation = await sellerVacation(db, page.owner.id, clock.now());
      return { ...page, owner: { ...page.owner, ...vacation } };
    },

    async listSimilar(id: number): Promise<PublicProduct[]> {
      const row = await requireVisible(id, null);
      const rows = await productsRepository.listSimilarBuyable(db, row, SIMILAR_PRODUCTS_LIMIT);
      return rows.map(toPublicProduct);
    },

    /** Buyable products among the ids, in the order asked. */
    async listBuyableByIds(ids: number[]): Promise<PublicProduct[]> {
      const rows = await productsRepository.listBuyableByIds(db, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toPublicProduct(row)] : [];
      });
    },

    async listBuyableByUser(userId: number): Promise<PublicProduct[]> {
      const rows = await productsRepository.listBuyableByOwner(db, userId, USER_BUY_NOW_LIMIT);
      return rows.map(toPublicProduct);
    },

    /** Home 'Marketplace': every seller's buyable products, newest first. */
    async marketplace(page: number, size: number): Promise<ProductPage> {
      const { rows, total } = await productsRepository.pageBuyable(db, page, size);
      return { items: rows.map(toPublicProduct), meta: pageMeta(total, page, size) };
    },

    async listByCategory(categoryId: number, page: number, size: number): Promise<ProductPage> {
      const category = await referenceData.findCategory(categoryId);
      if (!category) throw notFound('CATEGORY_NOT_FOUND', productMessages.categoryMissing);
      const { rows, total } = await productsRepository.pageByCategory(db, categoryId, page, size);
      return { items: rows.map(toPublicProduct), meta: pageMeta(total, page, size) };
    },
  };
}
