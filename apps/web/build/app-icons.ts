import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The manifest's theme colour: the header's blue, also the logo's own background. */
export const THEME_COLOR = '#1d3557';

/**
 * The app's icons, drawn from the logo (public/favicon.svg) at build time so they never drift
 * from it: 192 and 512 px for the manifest, a maskable 512 px one (the logo inside the central
 * 80% safe zone of a full-bleed square in the logo's blue, which a launcher may cut to any
 * shape), and the 180 px icon iOS puts on the Home Screen.
 */
export function appIcons(): Plugin {
  return {
    name: 'app-icons',
    apply: 'build',
    async generateBundle() {
      // The server render's build has no public files and needs no icons.
      if (this.environment?.config.build.ssr) return;
      const logo = readFileSync(path.resolve(import.meta.dirname, '../public/favicon.svg'));
      const render = (size: number) =>
        sharp(logo, { density: (72 * size) / 64 })
          .resize(size, size)
          .png()
          .toBuffer();
      const maskable = async (size: number) => {
        const inner = Math.round(size * 0.72);
        return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR } })
          .composite([{ input: await render(inner), gravity: 'center' }])
          .png()
          .toBuffer();
      };
      const icons: Array<[string, Buffer]> = [
        ['icons/icon-192.png', await render(192)],
        ['icons/icon-512.png', await render(512)],
        ['icons/icon-maskable-512.png', await maskable(512)],
        ['icons/apple-touch-icon.png', await maskable(180)],
      ];
      for (const [fileName, source] of icons) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
