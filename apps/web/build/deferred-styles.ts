import type { Plugin } from 'vite';
import { clientBuild } from './client-build.ts';

/**
 * The app's stylesheet without holding index.html's first paint: its `<link rel="stylesheet">`
 * becomes a preload marked `data-app-style`, fetched at once as before, and the entry applies it
 * (src/app/app-styles.ts) before the app renders. Until then the browser paints index.html's
 * placeholder header, styled inline, as soon as the HTML arrives instead of after the stylesheet
 * and the app's code (which used to arrive together, so nothing showed until the code had run).
 */
export function deferredStyles(): Plugin {
  return {
    name: 'deferred-styles',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          (_, crossorigin = '', href: string) =>
            `<link rel="preload" as="style"${crossorigin} href="${href}" data-app-style>`,
        ),
    },
  };
}
