import {
  attributeMessages,
  attributesFromColumns,
  type CreateProductInput,
  commonMessages,
  type Grading,
  gradingApplies,
  makeCreateProductSchema,
  offerMessages,
  offerPriceProblems,
  type Product,
  type ProductBuyResponse,
  type ProductCondition,
  type ProductDetail,
  type ProductDetailView,
  type ProductPage,
  type PublicProduct,
  pageMeta,
  productMessages,
  type Reputation,
  SIMILAR_PRODUCTS_LIMIT,
  type UpdateProductInput,
} from '@app/contracts';
import { type AppContext, perApp } from '../../platform/context.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import {
  databaseImageStore,
  type ImageStore,
  imageUrls,
  type ProcessedImage,
  photoView,
  processImageDataUrl,
} from '../../platform/images.ts';
import { toCentavos, toPesos, toPesosOrNull } from '../../platform/money.ts';
import { createReadCache, readFreshness } from '../../platform/read-cache.ts';
import { tellFollowers } from '../follows/follows.service.ts';
import { publishNotifications } from '../notifications/notifications.service.ts';
import type { ReferenceDataService } from '../reference-data/reference-data.service.ts';
import { sellerReputation } from '../trust/reputation.service.ts';
import { sellerVacation } from '../trust/vacation.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { productImagesRepository } from './product-images.repository.ts';
import { productLifecycle } from './product-lifecycle.service.ts';
import { assertProductVisible, canSeeProduct } from './product-visibility.service.ts';
import { type ProductDetailRow, type ProductRow, productsRepository } from './products.repository.ts';

/** A seller's own list is returned whole (the page filters it), up to this many, newest first. */
const SELLER_PRODUCTS_LIMIT = 500;
/** The public profile's direct-buy grid. */
const USER_BUY_NOW_LIMIT = 100;

/** The columns of a condition and grading as given in a create or update body. */
function attributeColumns(input: { condition?: ProductCondition | null; grading?: Grading | null }) {
  return {
    ...(input.condition !== undefined && { condition: input.condition }),
    ...(input.grading !== undefined && {
      grading_company: input.grading?.company ?? null,
      grading_grade: input.grading?.grade ?? null,
      grading_certificate: input.grading?.certificate ?? null,
    }),
  };
}

/** What anyone who may see a product sees. */
function publicFields(row: ProductRow) {
  return {
    id: row.id,
    owner_id: row.owner_id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    year: row.year,
    ...imageUrls(row.image_id),
    can_be_bought: row.can_be_bought,
    sell_price: toPesosOrNull(row.sell_price),
    accepts_offers: row.accepts_offers,
    category_id: row.category_id,
    category_name: row.category_name,
    brand_id: row.brand_id,
    brand_name: row.brand_name,
    scale_id: row.scale_id,
    scale_name: row.scale_name ?? null,
    ...attributesFromColumns(row),
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/** The owner's view: the public fields and the prices and state only the owner sees. */
function toProduct(row: ProductRow): Product {
  return {
    ...publicFields(row),
    reserve_price: toPesos(row.reserve_price),
    base_price: toPesosOrNull(row.base_price),
    auto_accept_price: toPesosOrNull(row.auto_accept_price),
    auto_decline_price: toPesosOrNull(row.auto_decline_price),
    auction_id: row.auction_id,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function toPublicProduct(row: ProductRow): PublicProduct {
  return { ...publicFields(row), owner_username: row.owner_username };
}

/** The owner's view with the photos in order (the product page, create, edits). */
export function toProductDetail(row: ProductDetailRow): ProductDetail {
  return { ...toProduct(row), images: row.photos.map(photoView) };
}

/**
 * The offer columns an edit sets: the switch and the automatic prices only on a buy-now product,
 * each price below the selling price (and the decline one not above the accept one).
 */
function offerSettings(
  row: {
    can_be_bought: boolean;
    sell_price: number | null;
    auto_accept_price: number | null;
    auto_decline_price: number | null;
  },
  input: UpdateProductInput,
) {
  const touched =
    input.accepts_offers !== undefined ||
    input.auto_accept_price !== undefined ||
    input.auto_decline_price !== undefined;
  if (!touched) return {};
  if (!row.can_be_bought)
    throw fieldError('OFFERS_NOT_BUY_NOW', 'accepts_offers', offerMessages.notAccepting);
  const merged = {
    sell_price: toPesosOrNull(row.sell_price),
    auto_accept_price:
      input.auto_accept_price !== undefined ? input.auto_accept_price : toPesosOrNull(row.auto_accept_price),
    auto_decline_price:
      input.auto_decline_price !== undefined
        ? input.auto_decline_price
        : toPesosOrNull(row.auto_decline_price),
  };
  const problems = Object.entries(offerPriceProblems(merged));
  if (problems.length > 0) {
    const [, message] = problems[0]!;
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      message,
      problems.map(([, m]) => m),
      Object.fromEntries(problems),
    );
  }
  return {
    ...(input.accepts_offers !== undefined && { accepts_offers: input.accepts_offers }),
    auto_accept_price: merged.auto_accept_price === null ? null : toCentavos(merged.auto_accept_price),
    auto_decline_price: merged.auto_decline_price === null ? null : toCentavos(merged.auto_decline_price),
  };
}

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
  const { db, clock, events } = ctx;
  const { users, referenceData } = deps;
  const images = deps.images ?? databaseImageStore;
  const buyPages = buyPageCache(ctx);

  async function requireProduct(id: number): Promise<ProductDetailRow> {
    const row = await productsRepository.findById(db, id);
    if (!row) throw notFound('PRODUCT_NOT_FOUND', productMessages.notFound);
    return row;
  }

  /**
   * A product an operator took down is gone for everyone but its owner and the operators, with
   * a 404 that says so.
   */
  async function requireVisible(id: number, viewerId: number | null): Promise<ProductDetailRow> {
    const row = await requireProduct(id);
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

    /**
     * Creates a product with its photos: references checked, each photo decoded and re-encoded
     * before the transaction (one at a time: ten 5 MB photos at once would hold ten decoders'
     * memory), then the images and the product stored together (or none of them).
     */
    async create(userId: number, input: CreateProductInput): Promise<ProductDetail> {
      const [category, brand, scale] = await Promise.all([
        referenceData.findCategory(input.category_id),
        referenceData.findBrand(input.brand_id),
        input.scale_id === null ? Promise.resolve(null) : referenceData.findScale(input.scale_id),
      ]);
      const fields: Record<string, string> = {};
      if (!category) fields.category_id = productMessages.categoryNotFound;
      if (!brand) fields.brand_id = productMessages.brandRequired;
      else if (category && brand.category_id !== category.id)
        fields.brand_id = productMessages.brandNotInCategory;
      if (input.scale_id !== null && !scale) fields.scale_id = productMessages.scaleInvalid;
      if (input.grading && category && !gradingApplies(category.name))
        fields.grading = attributeMessages.gradingOnlyCards;
      const errors = Object.values(fields);
      if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 400, errors[0]!, errors, fields);

      const processed: ProcessedImage[] = [];
      for (const dataUrl of input.images) processed.push(await processImageDataUrl(dataUrl));
      const now = clock.now();
      const { productId, notified } = await db.transaction().execute(async (trx) => {
        const imageIds: string[] = [];
        for (const image of processed) imageIds.push(await images.save(trx, image, now));
        // The cover becomes the first photo by the products' insert trigger; the rest follow it.
        const id = await productsRepository.insert(trx, {
          owner_id: userId,
          name: input.name,
          description: input.description,
          tags: input.tags,
          year: input.year,
          image_id: imageIds[0]!,
          reserve_price: toCentavos(input.reserve_price ?? 0),
          base_price: input.base_price === null ? null : toCentavos(input.base_price),
          can_be_bought: input.can_be_bought,
          sell_price: input.sell_price === null ? null : toCentavos(input.sell_price),
          accepts_offers: input.accepts_offers,
          auto_accept_price: input.auto_accept_price === null ? null : toCentavos(input.auto_accept_price),
          auto_decline_price: input.auto_decline_price === null ? null : toCentavos(input.auto_decline_price),
          category_id: input.category_id,
          brand_id: input.brand_id,
          scale_id: input.scale_id,
          ...attributeColumns(input),
          available_since: now,
          created_at: now,
          updated_at: now,
        });
        for (const imageId of imageIds.slice(1)) await productImagesRepository.append(trx, id, imageId, now);
        // Listed to buy now: the seller's followers hear of it (once a day per seller at most).
        const notified = input.can_be_bought
          ? await tellFollowers(trx, userId, { kind: 'product', productId: id, name: input.name }, now)
          : [];
        return { productId: id, notified };
      });
      if (notified.length > 0) await publishNotifications(events, notified);
      return toProductDetail(await requireProduct(productId));
    },

    /**
     * Edits name, description, reserve price, year, condition and grading. Only the owner (anyone else: 404, the
     * product is none of their business); never while in an auction or once sold (409).
     */
    async update(userId: number, id: number, input: UpdateProductInput): Promise<ProductDetail> {
      await db.transaction().execute(async (trx) => {
        const row = await productsRepository.lockOwned(trx, id, userId);
        if (!row) throw notFound('PRODUCT_NOT_FOUND', productMessages.notFound);
        // Only trading cards are graded (PSA, BGS, CGC and SGC grade cards), whatever the form shows.
        if (input.grading && !gradingApplies(row.category_name)) {
          throw fieldError('GRADING_NOT_APPLICABLE', 'grading', attributeMessages.gradingOnlyCards);
        }
        if (row.status === 'in_auction') throw conflict('PRODUCT_IN_AUCTION', productMessages.inAuction);
        if (row.status !== 'available') throw conflict('PRODUCT_NOT_EDITABLE', productMessages.notEditable);
        if (await productLifecycle.inCheckout(trx, [id], clock.now()))
          throw conflict('PRODUCT_RESERVED', productMessages.reservedByBuyer);
        const offers = offerSettings(row, input);
        await productsRepository.update(trx, id, {
          ...offers,
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.year !== undefined && { year: input.year }),
          ...(input.reserve_price !== undefined && { reserve_price: toCentavos(input.reserve_price ?? 0) }),
          ...attributeColumns(input),
          updated_at: clock.now(),
        });
      });
      return toProductDetail(await requireProduct(id));
    },

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
