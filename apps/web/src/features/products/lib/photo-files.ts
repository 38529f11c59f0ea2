import { PRODUCT_IMAGE_MAX_DATA_URL_LENGTH } from '@app/contracts';

/** The server keeps at most this long a side: a larger photo is sent at this size. */
const MAX_SIDE = 1600;
/** Photos already this small travel as they are. */
const SMALL_BYTES = 600 * 1024;

/**
 * A picked photo made ready to send: a large one is drawn at most 1600 px on its longer side and
 * re-encoded as JPEG (the server re-encodes it anyway), so several fit in one create request and
 * a phone's 4 MB picture uploads in a fraction of the time. What the browser cannot draw (or a
 * small file, or an animated GIF) is sent as it is, and the server judges it.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  if (file.size <= SMALL_BYTES || file.type === 'image/gif' || typeof createImageBitmap !== 'function')
    return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** The create request's body limit (8 MB) less room for the product's texts. */
const CREATE_PHOTOS_BUDGET = 7 * 1024 * 1024;

/**
 * How many of the photos (data URLs, in order) go with the create request: as many as fit its
 * body, at least the cover; the rest are appended one by one after it.
 */
export function photosForCreate(photos: string[]): number {
  let total = 0;
  let count = 0;
  for (const photo of photos) {
    total += Math.min(photo.length, PRODUCT_IMAGE_MAX_DATA_URL_LENGTH);
    if (count > 0 && total > CREATE_PHOTOS_BUDGET) break;
    count += 1;
  }
  return count;
}

/** Moves the item at `from` to `to` (a new array). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
