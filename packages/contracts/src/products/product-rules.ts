/** Pure product rules shared by the server and the web app. */

/** The category whose products need a scale. */
export const DIE_CAST_CATEGORY = 'Autos die-cast';
/** Uploaded images: these types only, at most 5 MB decoded. */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Up to 3 tags shown; description meta cut to 150 characters. */
export const MAX_TAGS_SHOWN = 3;
export const META_DESCRIPTION_LENGTH = 150;
export const PRODUCT_MIN_YEAR = 1900;
export const PRODUCT_MAX_YEAR = 2100;
/** Similar products shown on the buy-now page. */
export const SIMILAR_PRODUCTS_LIMIT = 8;
/** A buy-now checkout holds the product for its buyer this long (the link's life). */
export const BUY_NOW_RESERVATION_MINUTES = 30;
/** GET /api/products/get_buy_now_products/{ids}: ids per call. */
export const BUY_NOW_IDS_LIMIT = 100;

/** Whether a category (by name) asks for a scale. */
export function requiresScale(categoryName: string | null | undefined): boolean {
  return categoryName === DIE_CAST_CATEGORY;
}

/** Comma-separated tags: trimmed, empties dropped, at most `limit`. */
export function parseTags(tags: string | null | undefined, limit: number = MAX_TAGS_SHOWN): string[] {
  if (!tags) return [];
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0)
    .slice(0, limit);
}

/**
 * The product page's description meta: the first 150 characters of the description (or
 * 'Coleccionable exclusivo') followed by ' - Precio: $' and the reserve price.
 */
export function productMetaDescription(
  description: string | null | undefined,
  reservePrice: number | null,
): string {
  const text = description?.trim()
    ? description.trim().slice(0, META_DESCRIPTION_LENGTH)
    : 'Coleccionable exclusivo';
  // Only the owner is told the reserve price; others get the description alone.
  return reservePrice === null ? text : `${text} - Precio: $${reservePrice}`;
}

/** The declared type of a data URL ("data:image/png;base64,..." → "image/png"), or null. */
export function dataUrlType(dataUrl: string): string | null {
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(;[a-z0-9=.+-]+)*;base64,/i.exec(dataUrl.slice(0, 200));
  return match ? match[1]!.toLowerCase() : null;
}

/** Declared types browsers use for the accepted images ('image/jpg' is a common alias). */
export function normalizeImageType(type: string): ProductImageType | null {
  const lower = type.toLowerCase();
  if (lower === 'image/jpg' || lower === 'image/pjpeg') return 'image/jpeg';
  return (PRODUCT_IMAGE_TYPES as readonly string[]).includes(lower) ? (lower as ProductImageType) : null;
}

/** Decoded size of a base64 payload without decoding it. */
export function base64DecodedBytes(base64: string): number {
  const clean = base64.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/** Largest data URL length a 5 MB image can have (base64 plus a generous header). */
export const PRODUCT_IMAGE_MAX_DATA_URL_LENGTH = Math.ceil(PRODUCT_IMAGE_MAX_BYTES / 3) * 4 + 200;

/**
 * Parses the comma-separated id list of get_buy_now_products ("1,2, 3"): positive integers,
 * duplicates dropped, at most `limit`. Returns null when the list is malformed or too long.
 */
export function parseIdList(text: string, limit: number = BUY_NOW_IDS_LIMIT): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length === 0 || parts.length > limit) return null;
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part)) return null;
    const id = Number(part);
    if (id < 1 || id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
