import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export const productImagesRepository = {
  /** The product's photo ids in order (read under the product's lock). */
  async ids(trx: Database, productId: number): Promise<string[]> {
    const rows = await trx
      .selectFrom('product_images')
      .select('image_id')
      .where('product_id', '=', productId)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('image_id')
      .execute();
    return rows.map((r) => r.image_id);
  },

  /** Appends a stored image after the product's last photo. */
  async append(trx: Database, productId: number, imageId: string, now: Date): Promise<void> {
    await trx
      .insertInto('product_images')
      .values((eb) => ({
        image_id: imageId,
        product_id: productId,
        position: eb
          .selectFrom('product_images')
          .select(sql<number>`coalesce(max(position) + 1, 0)`.as('next'))
          .where('product_id', '=', productId),
        created_at: now,
      }))
      .execute();
  },

  /** Writes the positions 0..n-1 in the order given (at most ten rows). */
  async setOrder(trx: Database, productId: number, imageIds: string[]): Promise<void> {
    for (const [position, imageId] of imageIds.entries()) {
      await trx
        .updateTable('product_images')
        .set({ position })
        .where('product_id', '=', productId)
        .where('image_id', '=', imageId)
        .execute();
    }
  },

  /**
   * Removes the photo and deletes its stored bytes, in the caller's transaction, so its URL
   * answers 404 from the commit on. The image row goes only when no product still names it as its
   * cover (the caller moves the cover first).
   */
  async remove(trx: Database, productId: number, imageId: string): Promise<void> {
    await trx
      .deleteFrom('product_images')
      .where('product_id', '=', productId)
      .where('image_id', '=', imageId)
      .execute();
    await trx
      .deleteFrom('images')
      .where('id', '=', imageId)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('products').select('id').where('image_id', '=', imageId))),
      )
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('product_images').select('image_id').where('image_id', '=', imageId))),
      )
      .execute();
  },

  /**
   * Marks the product changed (its pages' caches move with it) and, when `cover` is given, sets
   * `products.image_id` to it; left out when the cover stays, so the running-auction list's counter,
   * which watches that column, does not move for a photo it does not show.
   */
  async touch(trx: Database, productId: number, now: Date, cover?: string | null): Promise<void> {
    await trx
      .updateTable('products')
      .set({ updated_at: now, ...(cover !== undefined && { image_id: cover }) })
      .where('id', '=', productId)
      .execute();
  },
};
