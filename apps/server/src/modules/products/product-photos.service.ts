import { ImageDataUrlSchema, PRODUCT_MAX_IMAGES, type ProductDetail, productMessages } from '@app/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, fieldError, notFound, parseInput } from '../../platform/errors.ts';
import {
  databaseImageStore,
  type ImageStore,
  isImageId,
  photoView,
  processImageDataUrl,
} from '../../platform/images.ts';
import { productImagesRepository as photos } from './product-images.repository.ts';
import { productLifecycle } from './product-lifecycle.service.ts';
import { toProductDetail } from './product-views.ts';
import { productsRepository } from './products.repository.ts';

const AddPhotoSchema = z.object({ image: ImageDataUrlSchema }, { error: productMessages.imageRequired });

/**
 * A product's photos after it was created: append, remove, reorder. The same rules as editing it
 * (owner only, anyone else 404; not in an auction, not sold, not while a buyer pays for it), under
 * the product's row lock, so two changes at once are applied one after the other (two appends
 * racing for the tenth place: one gets it, the other a 409). The first photo is the cover, kept
 * in `products.image_id` in the same transaction.
 */
export function createProductPhotosService(ctx: AppContext, deps: { images?: ImageStore } = {}) {
  const { db, clock } = ctx;
  const store = deps.images ?? databaseImageStore;

  async function lockEditable(trx: Database, productId: number, userId: number) {
    const row = await productsRepository.lockOwned(trx, productId, userId);
    if (!row) throw notFound('PRODUCT_NOT_FOUND', productMessages.notFound);
    if (row.status === 'in_auction') throw conflict('PRODUCT_IN_AUCTION', productMessages.inAuction);
    if (row.status !== 'available') throw conflict('PRODUCT_NOT_EDITABLE', productMessages.notEditable);
    if (await productLifecycle.inCheckout(trx, [productId], clock.now()))
      throw conflict('PRODUCT_RESERVED', productMessages.reservedByBuyer);
    return photos.ids(trx, productId);
  }

  async function detail(productId: number): Promise<ProductDetail> {
    const row = await productsRepository.findById(db, productId);
    if (!row) throw notFound('PRODUCT_NOT_FOUND', productMessages.notFound);
    return toProductDetail(row);
  }

  return {
    /** Appends one photo (`{"image"}`, a data URL through the image pipeline) after the last. */
    async add(userId: number, productId: number, body: unknown): Promise<ProductDetail> {
      const { image } = parseInput(AddPhotoSchema, body);
      // Decoded and re-encoded before the lock, as create does: the lock is held for writes only.
      const processed = await processImageDataUrl(image);
      await db.transaction().execute(async (trx) => {
        const ids = await lockEditable(trx, productId, userId);
        if (ids.length >= PRODUCT_MAX_IMAGES)
          throw conflict('PRODUCT_IMAGES_FULL', productMessages.imagesTooMany);
        const now = clock.now();
        const imageId = await store.save(trx, processed, now);
        await photos.append(trx, productId, imageId, now);
        await photos.touch(trx, productId, now, ids.length === 0 ? imageId : undefined);
      });
      return detail(productId);
    },

    /** Removes one photo and its stored files; never the last one. */
    async remove(userId: number, productId: number, imageId: string): Promise<ProductDetail> {
      await db.transaction().execute(async (trx) => {
        const ids = await lockEditable(trx, productId, userId);
        if (!isImageId(imageId) || !ids.includes(imageId))
          throw notFound('PRODUCT_IMAGE_NOT_FOUND', productMessages.imageNotFound);
        if (ids.length === 1) throw conflict('PRODUCT_LAST_IMAGE', productMessages.imagesAtLeastOne);
        const now = clock.now();
        // The cover moves to the next photo before the removed image's row can be deleted.
        const rest = ids.filter((id) => id !== imageId);
        await photos.touch(trx, productId, now, ids[0] === imageId ? rest[0]! : undefined);
        await photos.remove(trx, productId, imageId);
      });
      return detail(productId);
    },

    /** Puts the photos in the order given, which must name each of the product's photos once. */
    async reorder(userId: number, productId: number, imageIds: string[]): Promise<ProductDetail> {
      await db.transaction().execute(async (trx) => {
        const ids = await lockEditable(trx, productId, userId);
        const same =
          imageIds.length === ids.length &&
          new Set(imageIds).size === imageIds.length &&
          imageIds.every((id) => ids.includes(id));
        if (!same) throw fieldError('IMAGE_ORDER_INVALID', 'image_ids', productMessages.imageOrderInvalid);
        const now = clock.now();
        await photos.setOrder(trx, productId, imageIds);
        await photos.touch(trx, productId, now, imageIds[0] !== ids[0] ? imageIds[0]! : undefined);
      });
      return detail(productId);
    },
  };
}

/** Every photo of a seller's products, by product, in order (the personal-data export). */
export async function photosOfOwner(db: Database, ownerId: number) {
  const rows = await db
    .selectFrom('product_images as pi')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .innerJoin('images as i', 'i.id', 'pi.image_id')
    .select(['pi.product_id', 'pi.image_id as id', 'i.width', 'i.height'])
    .where('p.owner_id', '=', ownerId)
    .orderBy('pi.product_id')
    .orderBy('pi.position')
    .orderBy('pi.created_at')
    .orderBy('pi.image_id')
    .execute();
  const byProduct = new Map<number, ReturnType<typeof photoView>[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(photoView(row));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/**
 * A deleted account's photos: a product that left sale (withdrawn, taken down) loses every photo,
 * its cover too; a sold one keeps only its cover, which the buyer's purchase and the sale's money
 * records show; every other photo and its stored files are deleted, in the caller's transaction.
 */
export async function erasePhotosOfOwner(trx: Database, ownerId: number, now: Date): Promise<void> {
  const rows = await trx
    .selectFrom('product_images as pi')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .select(['pi.product_id', 'pi.image_id', 'p.image_id as cover', 'p.status'])
    .where('p.owner_id', '=', ownerId)
    .execute();
  const gone = rows.filter((r) => r.status === 'cancelled' || r.image_id !== r.cover);
  const uncovered = [...new Set(rows.filter((r) => r.status === 'cancelled').map((r) => r.product_id))];
  for (const productId of uncovered) await photos.touch(trx, productId, now, null);
  for (const row of gone) await photos.remove(trx, row.product_id, row.image_id);
}
