import { z } from 'zod';
import { MAX_AMOUNT_PESOS } from '../common/money.ts';
import { GradingSchema, ProductConditionSchema } from '../products/product-attributes.schemas.ts';
import { PRODUCT_CONDITIONS } from '../products/product-attributes.ts';
import { BROWSE_KINDS, BROWSE_PAGE_SIZE, BROWSE_SORTS, catalogMessages as m } from './catalog.messages.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const optionalId = z.coerce
  .number({ error: m.idInvalid })
  .int({ error: m.idInvalid })
  .min(1, { error: m.idInvalid })
  .max(2_147_483_647, { error: m.idInvalid })
  .optional();

const optionalPrice = z.coerce
  .number({ error: m.priceInvalid })
  .int({ error: m.priceInvalid })
  .min(0, { error: m.priceInvalid })
  .max(MAX_AMOUNT_PESOS, { error: m.priceInvalid })
  .optional();

/** The browse filters and sort: what decides a view (a saved search keeps exactly these). */
export const BrowseFiltersObject = z.object({
  kind: z.enum(BROWSE_KINDS, { error: m.kindInvalid }).default('all'),
  q: z
    .string()
    .max(1000, { error: m.termTooLong, abort: true })
    .transform((v) => v.replace(CONTROL_CHARACTERS, ' ').trim())
    .pipe(z.string().max(100, { error: m.termTooLong }))
    .optional(),
  category_id: optionalId,
  brand_id: optionalId,
  scale_id: optionalId,
  condition: z.enum(PRODUCT_CONDITIONS, { error: m.conditionInvalid }).optional(),
  min_price: optionalPrice,
  max_price: optionalPrice,
  sort: z.enum(BROWSE_SORTS, { error: m.sortInvalid }).default('newest'),
});

/** A reversed price range matches nothing: refused instead. */
const priceRangeInOrder = (v: { min_price?: number; max_price?: number }) =>
  v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price;

/** The browse filters on their own, validated as browsing validates them. */
export const BrowseFiltersSchema = BrowseFiltersObject.refine(priceRangeInOrder, {
  path: ['min_price'],
  error: m.priceRange,
});
export type BrowseFilters = z.infer<typeof BrowseFiltersSchema>;

/**
 * GET /api/catalog/browse. Every filter is optional; `q` matches the way search does. `after` is
 * the `meta.next` of the page before: paging by it never repeats or skips a product while the
 * list changes underneath (`page` pages by position, like the other lists).
 */
export const BrowseQuerySchema = BrowseFiltersObject.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(BROWSE_PAGE_SIZE),
  after: z.string().max(200, { error: m.cursorInvalid }).optional(),
}).refine(priceRangeInOrder, { path: ['min_price'], error: m.priceRange });
export type BrowseQuery = z.infer<typeof BrowseQuerySchema>;
export type BrowseParams = z.input<typeof BrowseQuerySchema>;

export const BrowseItemSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  /** Thumbnail URL path. */
  image: z.string().nullable(),
  brand: z.string(),
  category: z.string(),
  scale: z.string().nullable(),
  condition: ProductConditionSchema.nullable(),
  grading: GradingSchema.nullable(),
  /** Pesos: the highest bid (else the base price) of an auction, the sell price of buy-now. */
  price: z.number(),
  kind: z.enum(['auction', 'buy_now']),
  auction_id: z.number().nullable(),
  end_time: z.string().nullable(),
  bids_count: z.number(),
  seller_username: z.string(),
});
export type BrowseItem = z.infer<typeof BrowseItemSchema>;

const FacetEntrySchema = z.object({ id: z.number(), name: z.string(), count: z.number() });
export type BrowseFacetEntry = z.infer<typeof FacetEntrySchema>;

export const BrowseResponseSchema = z.object({
  items: z.array(BrowseItemSchema),
  meta: z.object({
    page: z.number(),
    size: z.number(),
    total: z.number(),
    pages: z.number(),
    /** Pass as `after` for the next page; null on the last one. */
    next: z.string().nullable(),
  }),
  facets: z.object({
    category: z.array(FacetEntrySchema),
    brand: z.array(FacetEntrySchema),
    scale: z.array(FacetEntrySchema),
    condition: z.array(z.object({ value: ProductConditionSchema, count: z.number() })),
  }),
});
export type BrowseResponse = z.infer<typeof BrowseResponseSchema>;

/** One paid sale of a product like the one asked about; `price` in whole pesos. */
export const SoldItemSchema = z.object({
  name: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  /** When the sale was paid (ISO time). */
  sold_at: z.string(),
  kind: z.enum(['auction', 'buy_now']),
});
export type SoldItem = z.infer<typeof SoldItemSchema>;

/**
 * GET /api/catalog/sold/{productId}: what similar products (same category and brand, same scale
 * when the product has one, a similar name) sold for in the last 365 days, newest first (at most
 * SOLD_ITEMS_LIMIT); the stats cover every match, null when there is none.
 */
export const SoldPricesResponseSchema = z.object({
  items: z.array(SoldItemSchema),
  stats: z.object({
    count: z.number(),
    median: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
  }),
});
export type SoldPricesResponse = z.infer<typeof SoldPricesResponseSchema>;
