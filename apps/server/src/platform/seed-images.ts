import sharp from 'sharp';
import { IMAGE_OUTPUT_TYPE, IMAGE_THUMB_WIDTH, type ProcessedImage } from './images.ts';

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
  return { full, thumb, width: info.width, height: info.height, contentType: IMAGE_OUTPUT_TYPE };
}
