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
 * server process can serve them.
 */

export type ImageVariant = 'full' | 'thumb';
export const IMAGE_FULL_MAX_SIDE = 1600;
export const IMAGE_THUMB_WIDTH = 480;
/** Decompression bombs: a small file that claims a gigantic canvas is refused before decoding. */
const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
const OUTPUT_TYPE = 'image/webp';

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  /** Size of the full variant. */
  width: number;
  height: number;
  contentType: typeof OUTPUT_TYPE;
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
      contentType: OUTPUT_TYPE,
    };
  } catch {
    throw imageError('IMAGE_INVALID', productMessages.imageInvalid);
  }
}

/** Where processed images live. The database store lets every process serve every image. */
export interface ImageStore {
  /** Stores both variants; pass the transaction that also stores the record pointing at it. */
  save(executor: Database, image: ProcessedImage, now: Date): Promise<string>;
  load(
    executor: Database,
    id: string,
    variant: ImageVariant,
  ): Promise<{ data: Buffer; contentType: string } | null>;
}

export const isImageId = (value: string) => isUuid(value);

export const databaseImageStore: ImageStore = {
  async save(executor, image, now) {
    const id = randomUUID();
    await executor
      .insertInto('images')
      .values({
        id,
        full_data: image.full,
        thumb_data: image.thumb,
        content_type: image.contentType,
        width: image.width,
        height: image.height,
        created_at: now,
      })
      .execute();
    return id;
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

/**
 * The link-preview size (Open Graph): the 1.91:1 card WhatsApp, Facebook and X show large. Made
 * from the full variant when asked (a few per shared link, cached by the client for a year), as
 * JPEG because not every preview client reads WebP.
 */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

export async function renderPreview(full: Buffer): Promise<Buffer> {
  return sharp(full, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
    .resize({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/**
 * Rendered previews kept in memory (a shared link is fetched by every chat that shows it), the
 * requests that arrive together sharing one render: a crawler asking again and again costs a
 * lookup, not a resize each time.
 */
export function createPreviewCache(render: (id: string) => Promise<Buffer | null>, maxEntries = 64) {
  const kept = new Map<string, Promise<Buffer | null>>();
  return {
    get(id: string): Promise<Buffer | null> {
      if (!isImageId(id)) return Promise.resolve(null);
      let pending = kept.get(id);
      if (!pending) {
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
        pending = render(id);
        kept.set(id, pending);
        // A miss or a failure is not kept: the image may be stored by the next request.
        pending.then(
          (found) => (found ? undefined : kept.delete(id)),
          () => kept.delete(id),
        );
      }
      return pending;
    },
    /** A deleted image's preview is not served from memory any more. */
    forget(id: string): void {
      kept.delete(id);
    },
  };
}

/** The URL path of a product image's link preview (see renderPreview). */
export const previewUrl = (id: string) => `/images/${id}/preview.jpg`;

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

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Splits a title into lines of about `width` characters, at most `maxLines` (last one ellipsed). */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!current) current = word;
    else if (`${current} ${word}`.length <= width) current = `${current} ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

export interface SeedImageOptions {
  title: string;
  subtitle?: string;
  /** Background colours of the gradient, e.g. ['#1d3557', '#457b9d']. */
  colors: [string, string];
  /** A short label drawn in the top-left corner (the category). */
  badge?: string;
}

const SEED_WIDTH = 960;
const SEED_HEIGHT = 720;

/**
 * A demo picture: a coloured card with the product's name drawn on it, rendered from an SVG by
 * sharp and stored like an upload (seed data, so every page has real images).
 */
export async function renderSeedImage(options: SeedImageOptions): Promise<ProcessedImage> {
  const width = 1200;
  const height = 900;
  const lines = wrap(options.title, 20, 4);
  const fontSize = 84;
  const lineHeight = 100;
  const top = height / 2 - ((lines.length - 1) * lineHeight) / 2 - 20;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${top + i * lineHeight}" font-size="${fontSize}" font-weight="700" text-anchor="middle" dominant-baseline="middle" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  const subtitle = options.subtitle
    ? `<text x="${width / 2}" y="${height - 110}" font-size="46" text-anchor="middle" fill="#ffffff" fill-opacity="0.85">${escapeXml(options.subtitle)}</text>`
    : '';
  const badge = options.badge
    ? `<rect x="60" y="60" rx="28" width="${Math.max(160, options.badge.length * 26 + 60)}" height="76" fill="#000000" fill-opacity="0.25"/><text x="90" y="110" font-size="38" font-weight="700" fill="#ffffff">${escapeXml(options.badge)}</text>`
    : '';
  // Drawn on a 1200x900 canvas, rendered at 960x720: plenty for a demo card, and faster to seed.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SEED_WIDTH}" height="${SEED_HEIGHT}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${options.colors[0]}"/><stop offset="1" stop-color="${options.colors[1]}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width - 140}" cy="${height - 120}" r="260" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="120" cy="${height - 60}" r="170" fill="#ffffff" fill-opacity="0.06"/>
  <rect x="40" y="40" width="${width - 80}" height="${height - 80}" rx="36" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>
  ${badge}${text}${subtitle}
</svg>`;
  // Rendered once to pixels, then encoded like an upload (full size and thumbnail, WebP).
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [full, thumb] = await Promise.all([
    sharp(data, raw).webp({ quality: 82, effort: 2 }).toBuffer(),
    sharp(data, raw).resize({ width: IMAGE_THUMB_WIDTH }).webp({ quality: 76, effort: 2 }).toBuffer(),
  ]);
  return { full, thumb, width: info.width, height: info.height, contentType: OUTPUT_TYPE };
}
