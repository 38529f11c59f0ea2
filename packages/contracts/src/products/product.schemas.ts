import { z } from 'zod';
import { wholePesos } from '../common/money.schemas.ts';
import { contactSafe } from '../common/schemas.ts';
import { offerMessages } from '../offers/offer.messages.ts';
import { productMessages } from './product.messages.ts';
import { productAttributeInput } from './product-attributes.schemas.ts';
import { PRODUCT_MAX_IMAGES } from './product-images.schemas.ts';
import {
  base64DecodedBytes,
  dataUrlType,
  normalizeImageType,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_DATA_URL_LENGTH,
  PRODUCT_MAX_YEAR,
  PRODUCT_MIN_YEAR,
} from './product-rules.ts';

export const ProductStatusSchema = z.enum([
  'available',
  'in_auction',
  'sold',
  'shipped',
  'delivered',
  'cancelled',
]);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

const MAX_ID = 2_147_483_647;

/** A required id picked from a list; a missing or malformed one gets the list's message. */
function requiredId(message: string) {
  return z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, {
    error: message,
  });
}

/** Money in whole pesos; null (an empty field) is allowed, 0 too unless `positive`. */
function money(message: string, { positive = false } = {}) {
  return wholePesos(message, { allowZero: !positive }).nullable();
}

/** The seller's offer settings: the switch and the two private automatic prices. */
const offerSettingsInput = {
  accepts_offers: z.boolean({ error: productMessages.canBeBoughtInvalid }).optional(),
  auto_accept_price: money(offerMessages.autoAcceptInvalid, { positive: true }).optional(),
  auto_decline_price: money(offerMessages.autoDeclineInvalid, { positive: true }).optional(),
};

type OfferPrices = {
  sell_price?: number | null;
  auto_accept_price?: number | null;
  auto_decline_price?: number | null;
};

/** Both automatic prices below the selling price, and the decline one below the accept one. */
export function offerPriceProblems(value: OfferPrices): Record<string, string> {
  const problems: Record<string, string> = {};
  const price = value.sell_price;
  if (price != null && value.auto_accept_price != null && value.auto_accept_price >= price)
    problems.auto_accept_price = offerMessages.autoAcceptInvalid;
  if (price != null && value.auto_decline_price != null && value.auto_decline_price >= price)
    problems.auto_decline_price = offerMessages.autoDeclineInvalid;
  if (
    !problems.auto_decline_price &&
    value.auto_accept_price != null &&
    value.auto_decline_price != null &&
    value.auto_decline_price > value.auto_accept_price
  )
    problems.auto_decline_price = offerMessages.autoOrder;
  return problems;
}

const offerPriceChecks = (['auto_accept_price', 'auto_decline_price'] as const).map((field) =>
  z.refine<OfferPrices & { can_be_bought?: boolean }>(
    (value) => !value.can_be_bought || !offerPriceProblems(value)[field],
    {
      path: [field],
      error: (issue) =>
        offerPriceProblems(issue.input as OfferPrices)[field] ?? offerMessages.autoAcceptInvalid,
      when: () => true,
    },
  ),
);

const YearSchema = z
  .number({
    error: (issue) => (issue.input == null ? productMessages.yearRequired : productMessages.yearInvalid),
  })
  .int({ error: productMessages.yearInvalid })
  .min(PRODUCT_MIN_YEAR, { error: productMessages.yearInvalid })
  .max(PRODUCT_MAX_YEAR, { error: productMessages.yearInvalid });

const NameSchema = z
  .string({ error: productMessages.nameRequired })
  .trim()
  .min(1, { error: productMessages.nameRequired })
  .max(150, { error: productMessages.nameTooLong })
  .check(contactSafe(150));

const DescriptionSchema = z
  .string({ error: productMessages.descriptionRequired })
  .trim()
  .min(1, { error: productMessages.descriptionRequired })
  .max(5000, { error: productMessages.descriptionTooLong })
  .check(contactSafe(5000));

/**
 * The image as sent on create: a base64 data URL of a JPEG, PNG, WebP or GIF of at most 5 MB.
 * Only the declared type is checked here; the server checks the real bytes (platform/images.ts).
 */
export const ImageDataUrlSchema = z
  .string({ error: productMessages.imageRequired })
  .min(1, { error: productMessages.imageRequired })
  .superRefine((value, ctx) => {
    if (value.length > PRODUCT_IMAGE_MAX_DATA_URL_LENGTH) {
      ctx.addIssue({ code: 'custom', message: productMessages.imageTooLarge });
      return;
    }
    const declared = dataUrlType(value);
    if (!declared) {
      ctx.addIssue({ code: 'custom', message: productMessages.imageInvalid });
      return;
    }
    if (!normalizeImageType(declared)) {
      ctx.addIssue({ code: 'custom', message: productMessages.imageType });
      return;
    }
    const payload = value.slice(value.indexOf(',') + 1);
    if (base64DecodedBytes(payload) > PRODUCT_IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: productMessages.imageTooLarge });
    }
  });

export interface CreateProductRules {
  /** Whether the category with this id asks for a scale ('Autos die-cast'). */
  scaleRequiredFor(categoryId: number): boolean;
}

/**
 * POST /api/products/create: required name, year, description, category,
 * brand and image; scale only (and then required) for 'Autos die-cast'; sell_price required and
 * above 0 only when can_be_bought, dropped otherwise; empty numbers are null.
 */
export function makeCreateProductSchema(rules: CreateProductRules) {
  return (
    z
      .object({
        name: NameSchema,
        year: YearSchema,
        description: DescriptionSchema,
        tags: z
          .string({ error: productMessages.tagsTooLong })
          .trim()
          .max(500, { error: productMessages.tagsTooLong })
          .nullish()
          .transform((v) => (v ? v : null)),
        category_id: requiredId(productMessages.categoryRequired),
        brand_id: requiredId(productMessages.brandRequired),
        scale_id: requiredId(productMessages.scaleInvalid).nullish(),
        reserve_price: money(productMessages.reservePriceInvalid).optional(),
        base_price: money(productMessages.basePriceInvalid).optional(),
        can_be_bought: z.boolean({ error: productMessages.canBeBoughtInvalid }).default(false),
        sell_price: money(productMessages.sellPricePositive, { positive: true }).optional(),
        ...offerSettingsInput,
        image: ImageDataUrlSchema.optional(),
        images: z
          .array(ImageDataUrlSchema, { error: productMessages.imageRequired })
          .min(1, { error: productMessages.imageRequired })
          .max(PRODUCT_MAX_IMAGES, { error: productMessages.imagesTooMany })
          .optional(),
        ...productAttributeInput,
      })
      // `when`: these run even when other fields failed, so the form shows every message at once.
      // No field check may say `abort: true` (zod then skips these): the fields' last checks are
      // their length limits, and nothing after them reads the text.
      .check(
        z.refine(
          (value) =>
            !(typeof value.category_id === 'number' && rules.scaleRequiredFor(value.category_id)) ||
            value.scale_id != null,
          { path: ['scale_id'], error: productMessages.scaleRequired, when: () => true },
        ),
        z.refine((value) => value.can_be_bought !== true || value.sell_price != null, {
          path: ['sell_price'],
          error: productMessages.sellPriceRequired,
          when: () => true,
        }),
        z.refine((value) => value.image !== undefined || value.images !== undefined, {
          path: ['image'],
          error: productMessages.imageRequired,
          when: () => true,
        }),
        z.refine((value) => photoList(value).length <= PRODUCT_MAX_IMAGES, {
          path: ['images'],
          error: productMessages.imagesTooMany,
        }),
        ...offerPriceChecks,
      )
      .transform((value) => ({
        ...value,
        scale_id: rules.scaleRequiredFor(value.category_id) ? (value.scale_id ?? null) : null,
        reserve_price: value.reserve_price ?? null,
        base_price: value.base_price ?? null,
        sell_price: value.can_be_bought ? (value.sell_price ?? null) : null,
        // Offers are made on buy-now products only.
        accepts_offers: value.can_be_bought ? (value.accepts_offers ?? false) : false,
        auto_accept_price: value.can_be_bought ? (value.auto_accept_price ?? null) : null,
        auto_decline_price: value.can_be_bought ? (value.auto_decline_price ?? null) : null,
        condition: value.condition ?? null,
        grading: value.grading ?? null,
        images: photoList(value),
      }))
  );
}

/**
 * The photos a create body lists, in order: `images` when given (its first is the cover), with
 * `image` in front when it is sent too and is not already that first one; `image` alone otherwise.
 */
function photoList(value: { image?: string | undefined; images?: string[] | undefined }): string[] {
  const { image, images } = value;
  if (!images) return image === undefined ? [] : [image];
  return image === undefined || image === images[0] ? images : [image, ...images];
}
export type CreateProductInput = z.output<ReturnType<typeof makeCreateProductSchema>>;
export type CreateProductPayload = z.input<ReturnType<typeof makeCreateProductSchema>>;

/** PUT /api/products/update/{id}: name, description, reserve_price, year, condition, grading; absent fields stay. */
export const UpdateProductInputSchema = z.object({
  name: NameSchema.optional(),
  description: DescriptionSchema.optional(),
  reserve_price: money(productMessages.reservePriceInvalid).optional(),
  year: YearSchema.optional(),
  ...offerSettingsInput,
  ...productAttributeInput,
});
export type UpdateProductInput = z.infer<typeof UpdateProductInputSchema>;
