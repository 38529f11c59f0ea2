import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { BrandSchema, CategorySchema, ScaleSchema } from './product-views.schemas.ts';

export const referenceDataEndpoints = {
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/categories',
    summary: 'Product categories',
    tag: 'reference-data',
    auth: 'none',
    responses: { 200: z.array(CategorySchema) },
  }),
  brands: defineEndpoint({
    method: 'GET',
    path: '/api/brands/:categoryId',
    summary: 'Brands of a category (an unknown or malformed category answers 404)',
    tag: 'reference-data',
    auth: 'none',
    // Checked by the route: anything but a known category id is "not found", not "invalid".
    params: z.object({ categoryId: z.string() }),
    errorCodes: ['CATEGORY_NOT_FOUND'],
    responses: { 200: z.array(BrandSchema), 404: errorResponses[404] },
  }),
  scales: defineEndpoint({
    method: 'GET',
    path: '/api/scales',
    summary: 'Scales of die-cast models',
    tag: 'reference-data',
    auth: 'none',
    responses: { 200: z.array(ScaleSchema) },
  }),
};
