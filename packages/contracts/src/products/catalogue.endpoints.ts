import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { BrandSchema, CategorySchema, ScaleSchema } from './product.schemas.ts';

export const catalogueEndpoints = {
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/categories',
    summary: 'Product categories',
    tag: 'catalogue',
    auth: 'none',
    responses: { 200: z.array(CategorySchema) },
  }),
  brands: defineEndpoint({
    method: 'GET',
    path: '/api/brands/:categoryId',
    summary: 'Brands of a category (an unknown or malformed category answers 404)',
    tag: 'catalogue',
    auth: 'none',
    // Checked by the route: anything but a known category id is "not found", not "invalid".
    params: z.object({ categoryId: z.string() }),
    responses: { 200: z.array(BrandSchema), 404: errorResponses[404] },
  }),
  scales: defineEndpoint({
    method: 'GET',
    path: '/api/scales',
    summary: 'Scales of die-cast models',
    tag: 'catalogue',
    auth: 'none',
    responses: { 200: z.array(ScaleSchema) },
  }),
};
