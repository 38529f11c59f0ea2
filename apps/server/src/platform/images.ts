import { randomUUID } from 'node:crypto';
import {
  dataUrlType,
  normalizeImageType,
  PRODUCT_IMAGE_MAX_BYTES,
  type ProductImageType,
  productMessages,
} from '@app/contracts';
import { type Expression, sql } from 'kysely';
import sharp from 'sharp';
import type { Database } from './db.ts';
import { fieldError } from './errors.ts';
import { isUuid } from './ids.ts';

/**
 * Uploaded images: the real type is read from the bytes, never trusted from
 * the declared one; JPEG, PNG, WebP and GIF only, at most 5 MB; re-encoded to WebP at two sizes
 * with every metadata block (EXIF, GPS, ICC comments) dropped. Stored in the database so that any
 * server process can serve them. Link previews are made in image-previews.ts, the demo pictures
 * in seed-images.ts.
 */

export type ImageVariant = 'full' | 'thumb';
export const IMAGE_FULL_MAX_SIDE = 1600;
export const IMAGE_THUMB_WIDTH = 480;
/** Decompression bombs: a small file that claims a gigantic canvas is refused before decoding. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_OUTPUT_TYPE = 'image/webp';

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  /** Size of the full variant. */
  width: number;
  height: number;
  contentType: typeof IMAGE_OUTPUT_TYPE;
}

const SHARP_FORMATS: Record<string, ProductImageType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

// The image always arrives as the request's `image` field (a data URL).
const imageError = (code: string, message: string) => fieldError(code, 'image', message);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a data URL from a create request and processes it; a 400 with a Spanish message otherwise. */
export async function processImageDataUrl(dataUrl: string): Promise<ProcessedImage> {
  const declared = dataUrlType(dataUrl);
  if (!declared) throw imageError('IMAGE_INVALID', productMessages.imageInvalid);
  const declaredType = normalizeImageType(declared);
  if (!declaredType) throw imageError('IMAGE_TYPE', productMessages.imageType);
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1).replace(/\s/g, '');
  if (!BASE64.test(payload)) throw imageError('IMAGE_INVALID', productMessages.imageInvalid);
  const bytes = Buffer.from(payload, 'base64');
  return processImageBytes(bytes, declaredType);
}

/** Checks the real format from the bytes and re-encodes (full size and card thumbnail, WebP). */
export async function processImageBytes(
  bytes: Buffer,
  declaredType?: ProductImageType,
): Promise<ProcessedImage> {
  if (bytes.length === 0) throw imageError('IMAGE_INVALID', productMessages.imageInvalid);
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES)
    throw imageError('IMAGE_TOO_LARGE', productMessages.imageTooLarge);

  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw imageError('IMAGE_INVALID', productMessages.imageInvalid);
  }
  const actual = metadata.format ? SHARP_FORMATS[metadata.format] : undefined;
  // SVG, TIFF, HEIF, AVIF, PDF... are decodable by sharp but not accepted uploads.
  if (!actual) throw imageError('IMAGE_TYPE', productMessages.imageType);
  if (declaredType && declaredType !== actual)
    throw imageError('IMAGE_MISMATCH', productMessages.imageMismatch);
  if (!metadata.width || !metadata.height) throw imageError('IMAGE_INVALID', productMessages.imageInvalid);
  if (metadata.width * metadata.height > IMAGE_MAX_INPUT_PIXELS) {
    throw imageError('IMAGE_TOO_MANY_PIXELS', productMessages.imageTooManyPixels);
  }

  try {
    // `failOn: 'error'` refuses truncated or corrupt data instead of returning a half-grey picture.
    // The first frame of an animated GIF or WebP is kept; rotate() applies the EXIF orientation.
    const source = sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [full, thumb] = await Promise.all([
      source
        .clone()
        .resize({
          width: IMAGE_FULL_MAX_SIDE,
          height: IMAGE_FULL_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      source
        .clone()
        .resize({ width: IMAGE_THUMB_WIDTH, withoutEnlargement: true })
        .webp({ quality: 76 })
        .toBuffer(),
    ]);
    return {
      full: full.data,
      thumb,
      width: full.info.width,
      height: full.info.height,
      contentType: IMAGE_OUTPUT_TYPE,
    };
  } catch {
    throw imageError('IMAGE_INVALID', productMessages.imageInvalid);
  }
}

/** Where processed images live. The database store lets every process serve every image. */
export interface ImageStore {
  /** Stores both variants; pass the transaction that also stores the record pointing at it. */
  save(executor: Database, image: ProcessedImage, now: Date): Promise<string>;
  /** Stores several in one statement (the demo seed's); their ids in the same order. */
  saveAll(executor: Database, images: Array<{ image: ProcessedImage; now: Date }>): Promise<string[]>;
  load(
    executor: Database,
    id: string,
    variant: ImageVariant,
  ): Promise<{ data: Buffer; contentType: string } | null>;
}

export const isImageId = (value: string) => isUuid(value);

const imageRow = (id: string, image: ProcessedImage, now: Date) => ({
  id,
  full_data: image.full,
  thumb_data: image.thumb,
  content_type: image.contentType,
  width: image.width,
  height: image.height,
  created_at: now,
});

export const databaseImageStore: ImageStore = {
  async save(executor, image, now) {
    const id = randomUUID();
    await executor
      .insertInto('images')
      .values(imageRow(id, image, now))
      .execute();
    return id;
  },
  async saveAll(executor, images) {
    const ids = images.map(() => randomUUID());
    if (images.length > 0) {
      await executor
        .insertInto('images')
        .values(images.map(({ image, now }, i) => imageRow(ids[i]!, image, now)))
        .execute();
    }
    return ids;
  },
  async load(executor, id, variant) {
    if (!isImageId(id)) return null;
    const column = variant === 'full' ? 'full_data' : 'thumb_data';
    const row = await executor
      .selectFrom('images')
      .select([column, 'content_type'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const data = (row as Record<string, unknown>)[column] as Uint8Array;
    return {
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      contentType: row.content_type,
    };
  },
};

/** The URL path of a stored image variant (served by the products module with immutable caching). */
export function imageUrl(id: string | null | undefined, variant: ImageVariant = 'full'): string | null {
  return id ? `/images/${id}/${variant}.webp` : null;
}

/** `{image, thumbnail}` of a product DTO. */
export function imageUrls(id: string | null | undefined): { image: string | null; thumbnail: string | null } {
  return { image: imageUrl(id, 'full'), thumbnail: imageUrl(id, 'thumb') };
}

/* The photos of a product, read with it. */

/** A product's photo as stored: its image id and the full variant's size. */
export interface PhotoRow {
  id: string;
  width: number;
  height: number;
}

/**
 * A product's photos in order as one JSON column, for the product pages' reads: a correlated
 * subquery in the same statement as the product (no second round trip). The images' bytes are
 * not read (only their width and height).
 */
export function photosOf(productId: Expression<number>) {
  return sql<PhotoRow[]>`(
    select coalesce(
      json_agg(json_build_object('id', pi.image_id, 'width', i.width, 'height', i.height)
               order by pi.position, pi.created_at, pi.image_id),
      '[]')
    from product_images pi join images i on i.id = pi.image_id
    where pi.product_id = ${productId})`;
}

/** A product photo as the product pages read it (`images` of a product read). */
export function photoView(photo: { id: string; width: number; height: number }) {
  return {
    id: photo.id,
    url: `/images/${photo.id}/full.webp`,
    thumb_url: `/images/${photo.id}/thumb.webp`,
    width: photo.width,
    height: photo.height,
  };
}
