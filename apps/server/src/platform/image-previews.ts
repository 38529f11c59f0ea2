import sharp from 'sharp';
import { IMAGE_MAX_INPUT_PIXELS, isImageId } from './images.ts';

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
