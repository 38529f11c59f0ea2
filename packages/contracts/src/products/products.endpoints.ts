import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { type CreateProductPayload, UpdateProductInputSchema } from './product.schemas.ts';
import { ReorderProductImagesInputSchema } from './product-images.schemas.ts';
import {
  ProductBuyResponseSchema,
  ProductDetailSchema,
  ProductDetailWithoutPricesSchema,
  ProductMutationResponseSchema,
  ProductPageQuerySchema,
  ProductPageSchema,
  ProductSchema,
  PublicProductSchema,
} from './product-views.schemas.ts';

/**
 * Path ids are checked by the routes: anything but a positive id names nothing, so it answers
 * 404 (the product, category or user "does not exist") rather than 400.
 */
const IdText = z.object({ id: z.string() });

/**
 * The create body is checked by the route, after the seller check, against
 * `makeCreateProductSchema` built with the catalogue's scale rule: declared here by its type only.
 */
const CreateProductBodySchema = z.custom<CreateProductPayload>(() => true);

export const productsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/products/create',
    summary: 'Lists a product with its image (sellers only)',
    tag: 'products',
    auth: 'user',
    body: CreateProductBodySchema,
    errorCodes: [
      'IMAGE_INVALID',
      'IMAGE_MISMATCH',
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_MANY_PIXELS',
      'IMAGE_TYPE',
      'SELLER_ONLY',
    ],
    responses: { 201: ProductMutationResponseSchema, ...errorResponses, 413: errorResponses[400] },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_product/:id',
    summary: 'A product; reserve and base prices only for its owner',
    tag: 'products',
    auth: 'user',
    params: IdText,
    // The owner's view first: a view without prices never matches it.
    errorCodes: ['NOT_FOUND', 'PRODUCT_NOT_FOUND', 'PRODUCT_TAKEN_DOWN'],
    responses: {
      200: z.union([ProductDetailSchema, ProductDetailWithoutPricesSchema]),
      401: errorResponses[401],
      404: errorResponses[404],
    },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/products/update/:id',
    summary: "Edits the owner's product (name, description, reserve price, year)",
    tag: 'products',
    auth: 'user',
    params: IdText,
    body: UpdateProductInputSchema,
    errorCodes: [
      'GRADING_NOT_APPLICABLE',
      'NOT_FOUND',
      'OFFERS_NOT_BUY_NOW',
      'PRODUCT_IN_AUCTION',
      'PRODUCT_NOT_EDITABLE',
      'PRODUCT_NOT_FOUND',
      'PRODUCT_RESERVED',
    ],
    responses: { 200: ProductMutationResponseSchema, ...errorResponses },
  }),
  addImage: defineEndpoint({
    method: 'POST',
    path: '/api/products/:id/images',
    summary: "Appends a photo to the owner's product (at most 10)",
    tag: 'products',
    auth: 'user',
    params: IdText,
    // Checked by the image pipeline (type from the bytes, size, re-encoding), like create's.
    body: z.custom<{ image: string }>(() => true),
    errorCodes: [
      'PRODUCT_IN_AUCTION',
      'PRODUCT_NOT_EDITABLE',
      'PRODUCT_RESERVED',
      'PRODUCT_IMAGES_FULL',
      'IMAGE_INVALID',
      'IMAGE_MISMATCH',
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_MANY_PIXELS',
      'IMAGE_TYPE',
      'NOT_FOUND',
      'PRODUCT_NOT_FOUND',
    ],
    responses: { 201: ProductMutationResponseSchema, ...errorResponses, 413: errorResponses[400] },
  }),
  removeImage: defineEndpoint({
    method: 'DELETE',
    path: '/api/products/:id/images/:imageId',
    summary: "Removes a photo of the owner's product (never the last one); its files are deleted",
    tag: 'products',
    auth: 'user',
    params: z.object({ id: z.string(), imageId: z.string() }),
    errorCodes: [
      'PRODUCT_IN_AUCTION',
      'PRODUCT_NOT_EDITABLE',
      'PRODUCT_RESERVED',
      'PRODUCT_IMAGE_NOT_FOUND',
      'PRODUCT_LAST_IMAGE',
      'NOT_FOUND',
      'PRODUCT_NOT_FOUND',
    ],
    responses: { 200: ProductMutationResponseSchema, ...errorResponses },
  }),
  reorderImages: defineEndpoint({
    method: 'PUT',
    path: '/api/products/:id/images/order',
    summary: "Puts the owner's product's photos in a new order (the first is the cover)",
    tag: 'products',
    auth: 'user',
    params: IdText,
    body: ReorderProductImagesInputSchema,
    errorCodes: [
      'PRODUCT_IN_AUCTION',
      'PRODUCT_NOT_EDITABLE',
      'PRODUCT_RESERVED',
      'IMAGE_ORDER_INVALID',
      'NOT_FOUND',
      'PRODUCT_NOT_FOUND',
    ],
    responses: { 200: ProductMutationResponseSchema, ...errorResponses },
  }),
  listOwn: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_products',
    summary: "The seller's own products",
    tag: 'products',
    auth: 'user',
    responses: { 200: z.array(ProductSchema), 401: errorResponses[401] },
  }),
  getBuy: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_product_buy/:id',
    summary: 'A buy-now product with its owner and whether it can be bought',
    tag: 'products',
    // Read by anyone; a product taken down stays readable by its owner and the operators.
    auth: 'optional',
    params: IdText,
    errorCodes: ['NOT_FOUND', 'PRODUCT_NOT_FOUND', 'PRODUCT_TAKEN_DOWN'],
    responses: { 200: ProductBuyResponseSchema, 404: errorResponses[404] },
  }),
  similar: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_similar_buy_products/:id',
    summary: 'Buy-now products like this one',
    tag: 'products',
    auth: 'none',
    params: IdText,
    errorCodes: ['NOT_FOUND', 'PRODUCT_NOT_FOUND'],
    responses: { 200: z.array(PublicProductSchema), 404: errorResponses[404] },
  }),
  byIds: defineEndpoint({
    method: 'GET',
    // A wildcard, not `:ids`: a list of 100 ids is longer than the router's 100-character limit.
    path: '/api/products/get_buy_now_products/*',
    wildcardName: 'ids',
    summary: 'Buy-now products by a comma-separated id list',
    tag: 'products',
    auth: 'none',
    params: z.object({ '*': z.string() }),
    errorCodes: ['INVALID_ID_LIST'],
    responses: { 200: z.array(PublicProductSchema), 400: errorResponses[400] },
  }),
  byCategory: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_products_by_category/:categoryId',
    summary: 'Buy-now products of a category, a page at a time',
    tag: 'products',
    auth: 'none',
    params: z.object({ categoryId: z.string() }),
    query: ProductPageQuerySchema,
    errorCodes: ['CATEGORY_NOT_FOUND', 'NOT_FOUND'],
    responses: { 200: ProductPageSchema, 400: errorResponses[400], 404: errorResponses[404] },
  }),
  byUser: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_buy_now_products_by_user/:userId',
    summary: "A user's buy-now products",
    tag: 'products',
    auth: 'none',
    params: z.object({ userId: z.string() }),
    errorCodes: ['NOT_FOUND'],
    responses: { 200: z.array(PublicProductSchema), 404: errorResponses[404] },
  }),
  marketplace: defineEndpoint({
    method: 'GET',
    path: '/api/products/marketplace',
    summary: 'Every buy-now product, newest first, a page at a time',
    tag: 'products',
    auth: 'none',
    query: ProductPageQuerySchema,
    responses: { 200: ProductPageSchema, 400: errorResponses[400] },
  }),
};
