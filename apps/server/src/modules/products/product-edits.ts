import {
  attributeMessages,
  type CreateProductInput,
  type Grading,
  gradingApplies,
  offerMessages,
  offerPriceProblems,
  type ProductCondition,
  type ProductDetail,
  productMessages,
  type UpdateProductInput,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.ts';
import {
  databaseImageStore,
  type ImageStore,
  type ProcessedImage,
  processImageDataUrl,
} from '../../platform/images.ts';
import { toCentavos, toPesosOrNull } from '../../platform/money.ts';
import { tellFollowers } from '../follows/follows.service.ts';
import { publishNotifications } from '../notifications/notifications.service.ts';
import type { ReferenceDataService } from '../reference-data/reference-data.service.ts';
import { productImagesRepository } from './product-images.repository.ts';
import { productLifecycle } from './product-lifecycle.service.ts';
import { requireProduct, toProductDetail } from './product-views.ts';
import { productsRepository } from './products.repository.ts';

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

/** The seller's side of products: creating one with its photos, and editing it. */
export function createProductEdits(
  ctx: AppContext,
  deps: { referenceData: ReferenceDataService; images?: ImageStore },
) {
  const { db, clock, events } = ctx;
  const { referenceData } = deps;
  const images = deps.images ?? databaseImageStore;

  return {
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
      return toProductDetail(await requireProduct(db, productId));
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
      return toProductDetail(await requireProduct(db, id));
    },
  };
}
