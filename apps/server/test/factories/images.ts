import sharp from 'sharp';

export type TestImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** A real image of the given format and size (a solid colour with a stripe, so it compresses). */
export async function makeImage(
  format: TestImageFormat = 'png',
  { width = 64, height = 48, withExif = false }: { width?: number; height?: number; withExif?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } },
  }).composite([
    {
      input: {
        create: { width: Math.max(1, Math.floor(width / 4)), height, channels: 3, background: '#1d3557' },
      },
      left: 0,
      top: 0,
    },
  ]);
  if (withExif) image = image.withExif({ IFD0: { Copyright: 'secreto', Artist: 'GPS 6.25N 75.56W' } });
  return image.toFormat(format).toBuffer();
}

/** `data:{type};base64,...` of some bytes (the declared type need not match them). */
export function toDataUrl(bytes: Buffer | string, type = 'image/png'): string {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return `data:${type};base64,${buffer.toString('base64')}`;
}

/** A small valid PNG as a data URL, for product payloads. */
export async function pngDataUrl(options?: Parameters<typeof makeImage>[1]): Promise<string> {
  return toDataUrl(await makeImage('png', options), 'image/png');
}

/** Random bytes that no image decoder accepts, of exactly `size` bytes, starting with `prefix`. */
export function noiseBytes(size: number, prefix: Buffer = Buffer.alloc(0)): Buffer {
  const out = Buffer.alloc(size);
  prefix.copy(out);
  for (let i = prefix.length; i < size; i += 1) out[i] = (i * 2654435761) & 0xff;
  return out;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const SVG_IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>';
