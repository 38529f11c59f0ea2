import { z } from 'zod';
import { productMessages } from './product.messages.ts';

/** How many photos a product may have: at least one (the cover), at most this many. */
export const PRODUCT_MAX_IMAGES = 10;

/** One photo of a product as the product pages read it: the full size, a thumbnail, its size. */
export const ProductImageSchema = z.object({
  /** The photo's id, which the photo calls name (a UUID). */
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  /** Size of the full variant, in pixels. */
  width: z.number(),
  height: z.number(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

/** A product's photos in order: the first is the cover every `image` field shows. */
export const ProductImagesSchema = z.array(ProductImageSchema);

/** PUT /api/products/{id}/images/order: the product's photo ids, every one once, in the new order. */
export const ReorderProductImagesInputSchema = z.object({
  image_ids: z
    .array(z.string({ error: productMessages.imageOrderInvalid }), {
      error: productMessages.imageOrderInvalid,
    })
    .min(1, { error: productMessages.imageOrderInvalid })
    .max(PRODUCT_MAX_IMAGES, { error: productMessages.imagesTooMany }),
});
export type ReorderProductImagesInput = z.infer<typeof ReorderProductImagesInputSchema>;
