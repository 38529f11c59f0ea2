import { productsEndpoints } from '@app/contracts';
import { call } from '../../../lib/api-client.ts';

/** POST /api/products/{id}/images: appends one photo (a data URL) after the last. */
export const addProductImage = (id: number, image: string) =>
  call(productsEndpoints.addImage, { params: { id }, body: { image } });

/** DELETE /api/products/{id}/images/{imageId}: removes a photo (never the last one). */
export const removeProductImage = (id: number, imageId: string) =>
  call(productsEndpoints.removeImage, { params: { id, imageId } });

/** PUT /api/products/{id}/images/order: every photo id once, in the new order (the first is the cover). */
export const reorderProductImages = (id: number, imageIds: string[]) =>
  call(productsEndpoints.reorderImages, { params: { id }, body: { image_ids: imageIds } });
