import { productMessages } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import {
  databaseImageStore,
  IMAGE_FULL_MAX_SIDE,
  IMAGE_THUMB_WIDTH,
  imageUrls,
  processImageBytes,
  processImageDataUrl,
} from '../../src/platform/images.ts';
import { renderSeedImage } from '../../src/platform/seed-images.ts';
import { makeImage, noiseBytes, PNG_SIGNATURE, SVG_IMAGE, toDataUrl } from '../factories/images.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/** The 400 message a rejected image gets, or null when it was accepted. */
async function rejection(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    return (error as AppError).message;
  }
}

describe('image pipeline', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('re-encodes a %s to WebP at two sizes', async (format) => {
    const bytes = await makeImage(format, { width: 2400, height: 1200 });
    const type = format === 'jpeg' ? 'image/jpeg' : `image/${format}`;
    const image = await processImageDataUrl(toDataUrl(bytes, type));
    expect(image.contentType).toBe('image/webp');
    const full = await sharp(image.full).metadata();
    const thumb = await sharp(image.thumb).metadata();
    expect(full.format).toBe('webp');
    expect(thumb.format).toBe('webp');
    expect([full.width, full.height]).toEqual([IMAGE_FULL_MAX_SIDE, 800]);
    expect([image.width, image.height]).toEqual([IMAGE_FULL_MAX_SIDE, 800]);
    expect(thumb.width).toBe(IMAGE_THUMB_WIDTH);
  });

  it('never enlarges a small picture', async () => {
    const image = await processImageBytes(await makeImage('png', { width: 100, height: 80 }));
    expect([image.width, image.height]).toEqual([100, 80]);
    expect((await sharp(image.thumb).metadata()).width).toBe(100);
  });

  it('strips metadata such as EXIF', async () => {
    const bytes = await makeImage('jpeg', { width: 300, height: 200, withExif: true });
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const image = await processImageDataUrl(toDataUrl(bytes, 'image/jpeg'));
    const meta = await sharp(image.full).metadata();
    expect(meta.exif).toBeUndefined();
    expect(image.full.includes(Buffer.from('secreto'))).toBe(false);
  });

  it('accepts image/jpg as the declared type of a JPEG', async () => {
    const bytes = await makeImage('jpeg');
    expect(await rejection(processImageDataUrl(toDataUrl(bytes, 'image/jpg')))).toBeNull();
  });

  const bad: Array<[string, () => Promise<string> | string, string]> = [
    [
      'text behind a PNG type',
      () => toDataUrl('esto no es una imagen', 'image/png'),
      productMessages.imageInvalid,
    ],
    [
      'a PNG signature followed by text',
      () => toDataUrl(Buffer.concat([PNG_SIGNATURE, Buffer.from('hola mundo, sin píxeles')]), 'image/png'),
      productMessages.imageInvalid,
    ],
    ['random bytes', () => toDataUrl(noiseBytes(4096), 'image/jpeg'), productMessages.imageInvalid],
    ['an SVG declared as SVG', () => toDataUrl(SVG_IMAGE, 'image/svg+xml'), productMessages.imageType],
    ['an SVG declared as PNG', () => toDataUrl(SVG_IMAGE, 'image/png'), productMessages.imageType],
    [
      'a TIFF declared as PNG',
      async () =>
        toDataUrl(
          await sharp(await makeImage('png'))
            .tiff()
            .toBuffer(),
          'image/png',
        ),
      productMessages.imageType,
    ],
    [
      'a PNG declared as JPEG',
      async () => toDataUrl(await makeImage('png'), 'image/jpeg'),
      productMessages.imageMismatch,
    ],
    ['a text/plain data URL', () => toDataUrl('hola', 'text/plain'), productMessages.imageType],
    ['not a data URL', () => 'https://example.com/foto.png', productMessages.imageInvalid],
    ['broken base64', () => 'data:image/png;base64,@@@###', productMessages.imageInvalid],
    ['empty payload', () => 'data:image/png;base64,', productMessages.imageInvalid],
    [
      'over 5 MB decoded',
      () => toDataUrl(noiseBytes(5 * 1024 * 1024 + 1, PNG_SIGNATURE), 'image/png'),
      productMessages.imageTooLarge,
    ],
  ];
  it.each(bad)('rejects %s', async (_name, make, message) => {
    expect(await rejection(processImageDataUrl(await make()))).toBe(message);
  });

  it('rejects a truncated PNG', async () => {
    const bytes = await makeImage('png', { width: 400, height: 400 });
    const truncated = bytes.subarray(0, Math.floor(bytes.length / 2));
    expect(await rejection(processImageDataUrl(toDataUrl(truncated, 'image/png')))).toBe(
      productMessages.imageInvalid,
    );
  });

  it('refuses a decompression bomb before decoding it', async () => {
    // 10000 x 10000 of one colour: a tiny PNG that would need 300 MB of memory.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    expect(await rejection(processImageDataUrl(toDataUrl(bomb, 'image/png')))).toBe(
      productMessages.imageTooManyPixels,
    );
  });

  it('renders a seed picture with the title drawn on it', async () => {
    const image = await renderSeedImage({ title: 'Hot Wheels <Skyline> & "R34"', colors: ['#000', '#fff'] });
    const meta = await sharp(image.full).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([960, 720]);
    expect((await sharp(image.thumb).metadata()).width).toBe(IMAGE_THUMB_WIDTH);
  });

  it('builds the URL paths of a DTO', () => {
    expect(imageUrls('0b8e4c52-3f6a-4a39-9d52-6a1f1b2c3d4e')).toEqual({
      image: '/images/0b8e4c52-3f6a-4a39-9d52-6a1f1b2c3d4e/full.webp',
      thumbnail: '/images/0b8e4c52-3f6a-4a39-9d52-6a1f1b2c3d4e/thumb.webp',
    });
    expect(imageUrls(null)).toEqual({ image: null, thumbnail: null });
  });
});

describe('database image store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('stores both variants and serves them with immutable caching', async () => {
    const image = await processImageBytes(await makeImage('png', { width: 900, height: 600 }));
    const id = await databaseImageStore.save(t.ctx.db, image, new Date());
    const loaded = await databaseImageStore.load(t.ctx.db, id, 'thumb');
    expect(loaded?.contentType).toBe('image/webp');
    expect(Buffer.compare(loaded!.data, image.thumb)).toBe(0);

    for (const [file, bytes] of [
      ['full.webp', image.full],
      ['thumb.webp', image.thumb],
    ] as const) {
      const res = await fetch(`${t.url}/images/${id}/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);
    }
  });

  it('answers 404 for unknown ids, malformed ids and unknown variants', async () => {
    const image = await processImageBytes(await makeImage('png'));
    const id = await databaseImageStore.save(t.ctx.db, image, new Date());
    for (const path of [
      '/images/0b8e4c52-3f6a-4a39-9d52-6a1f1b2c3d4e/full.webp',
      "/images/1' or '1'='1/full.webp",
      '/images/not-a-uuid/thumb.webp',
      `/images/${id}/full.png`,
      `/images/${id}/original.webp`,
    ]) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
  });
});
