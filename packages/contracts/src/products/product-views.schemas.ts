import { z } from 'zod';
import { PageMetaSchema, PaginationQuerySchema } from '../common/schemas.ts';
import { ReputationSchema } from '../trust/trust.schemas.ts';
import { ProductStatusSchema } from './product.schemas.ts';
import { GradingSchema, ProductConditionSchema } from './product-attributes.schemas.ts';
import { ProductImagesSchema } from './product-images.schemas.ts';

/** What the server answers about products: the owner's view, the public one, pages of them. */

/** The owner's view of a product (GET /api/products/get_product/{id}, get_products). Pesos. */
export const ProductSchema = z.object({
  id: z.number(),
  owner_id: z.number(),
  name: z.string(),
  description: z.string(),
  tags: z.string().nullable(),
  year: z.number(),
  /** Full-size image URL path, e.g. /images/{uuid}/full.webp. */
  image: z.string().nullable(),
  /** Card thumbnail URL path. */
  thumbnail: z.string().nullable(),
  reserve_price: z.number(),
  base_price: z.number().nullable(),
  can_be_bought: z.boolean(),
  sell_price: z.number().nullable(),
  category_id: z.number(),
  category_name: z.string(),
  brand_id: z.number(),
  brand_name: z.string(),
  scale_id: z.number().nullable(),
  scale_name: z.string().nullable(),
  condition: ProductConditionSchema.nullable(),
  grading: GradingSchema.nullable(),
  status: ProductStatusSchema,
  auction_id: z.number().nullable(),
  /** Whether buyers may make offers below `sell_price` (buy-now products only). */
  accepts_offers: z.boolean(),
  /** Private to the owner: offers at or above are accepted at once, below the other declined. */
  auto_accept_price: z.number().nullable(),
  auto_decline_price: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * GET /api/products/get_product/{id} for anyone but the owner: the owner's view without the
 * reserve and base prices (a bidder who knew the reserve would bid exactly that).
 */
export const ProductWithoutPricesSchema = ProductSchema.omit({
  reserve_price: true,
  base_price: true,
  auto_accept_price: true,
  auto_decline_price: true,
});
export type ProductWithoutPrices = z.infer<typeof ProductWithoutPricesSchema>;

/** The product pages' reads add the photos in order (lists keep the cover only). */
export const ProductDetailSchema = ProductSchema.extend({ images: ProductImagesSchema });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export const ProductDetailWithoutPricesSchema = ProductWithoutPricesSchema.extend({
  images: ProductImagesSchema,
});
export type ProductDetailWithoutPrices = z.infer<typeof ProductDetailWithoutPricesSchema>;
export type ProductDetailView = ProductDetail | ProductDetailWithoutPrices;
/** What get_product answers: the owner's view to the owner, the one without prices to others. */
export type ProductView = Product | ProductWithoutPrices;

/** What anyone may see of a product: no reserve or base price. Marketplace, buy-now, similar. */
export const PublicProductSchema = ProductSchema.omit({
  reserve_price: true,
  base_price: true,
  auto_accept_price: true,
  auto_decline_price: true,
  auction_id: true,
  updated_at: true,
}).extend({ owner_username: z.string() });
export type PublicProduct = z.infer<typeof PublicProductSchema>;

/** GET /api/products/get_product_buy/{id}. */
export const ProductBuyResponseSchema = z.object({
  product: PublicProductSchema.extend({ images: ProductImagesSchema }),
  owner: z.object({
    id: z.number(),
    username: z.string(),
    /** The owner's avatar; `image` is the name the purchase page reads. */
    image: z.string().nullable(),
    avatar: z.string().nullable(),
    reputation: ReputationSchema,
    /** The seller's vacation: the last day away ("YYYY-MM-DD") and message, null when not away. */
    away_until: z.string().nullable(),
    away_message: z.string().nullable(),
  }),
  /** The product itself is on sale; while its seller is away it still cannot be bought. */
  can_be_bought: z.boolean(),
});
export type ProductBuyResponse = z.infer<typeof ProductBuyResponseSchema>;

/** GET /api/products/marketplace and get_products_by_category: a page of public products. */
export const ProductPageSchema = z.object({
  items: z.array(PublicProductSchema),
  meta: PageMetaSchema,
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** Marketplace pages default to 12 cards (3 or 4 rows of a grid). */
export const ProductPageQuerySchema = PaginationQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(100).default(12),
});
export type ProductPageQuery = z.infer<typeof ProductPageQuerySchema>;

/** POST create / PUT update answer with the message and the product. */
export const ProductMutationResponseSchema = z.object({
  message: z.string(),
  product: ProductDetailSchema,
});
export type ProductMutationResponse = z.infer<typeof ProductMutationResponseSchema>;

export const CategorySchema = z.object({ id: z.number(), name: z.string(), icon: z.string() });
export type Category = z.infer<typeof CategorySchema>;
export const BrandSchema = z.object({ id: z.number(), name: z.string(), category_id: z.number() });
export type Brand = z.infer<typeof BrandSchema>;
export const ScaleSchema = z.object({ id: z.number(), name: z.string() });
export type Scale = z.infer<typeof ScaleSchema>;
