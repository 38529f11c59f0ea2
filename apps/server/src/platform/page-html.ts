import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { scriptSafe } from './script-json.ts';

/*
 * index.html rewritten for one page: its server render and stylesheets written in, its own head
 * in place of the generic one, its lead painted in the placeholder (static.ts decides which).
 */

/** index.html's root element, whose placeholder a server render replaces. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

/** index.html's app stylesheet, preloaded only (applied by the app once it runs). */
const DEFERRED_STYLE = /<link rel="preload" as="style"( crossorigin)? href="([^"]+)" data-app-style>/g;

/**
 * A stylesheet of the build, written into the page (`<style>`) instead of linked: a rendered page
 * waits for its stylesheets before its first paint, and on a phone's connection each linked one
 * is another trip after the HTML. They are a few KB. The link stays, `disabled` (never fetched):
 * the app's code, loading the page's chunk, finds it there and does not fetch the stylesheet again.
 * A file that cannot be read stays a plain link.
 */
export function inlineStylesheets(distDir: string) {
  const read = new Map<string, string | null>();
  const css = (href: string) => {
    if (!read.has(href)) {
      const file = path.join(distDir, path.normalize(href));
      const ok = /^\/assets\/[\w.-]+\.css$/.test(href) && file.startsWith(distDir) && existsSync(file);
      const text = ok ? readFileSync(file, 'utf8') : null;
      // Nothing in it may end the style element early.
      read.set(href, text && !/<\/style/i.test(text) ? text : null);
    }
    return read.get(href) ?? null;
  };
  return (href: string, crossorigin: string) => {
    const text = css(href);
    const link = `<link rel="stylesheet"${crossorigin} href="${escapeHtml(href)}"`;
    return text === null ? `${link}>` : `<style>${text}</style>${link} disabled>`;
  };
}

/**
 * index.html carrying a page's server render: its HTML in the root element, its state beside it
 * (src/app/server-render-state.ts: the element's id), and the app's stylesheet applied at once
 * (the rendered page is the app's, styled by it, not index.html's placeholder).
 */
export function withRenderedPage(
  html: string,
  page: { html: string; state: string },
  stylesheet: (href: string, crossorigin: string) => string,
) {
  return html
    .replace(DEFERRED_STYLE, (_, crossorigin = '', href: string) => stylesheet(href, crossorigin))
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="server-render-state">${scriptSafe(page.state)}</script>`,
    );
}

/** index.html's generic title and description, which a page's own head replaces. */
export const GENERIC_HEAD = [/<title>[^<]*<\/title>\s*/, /<meta name="description"[^>]*>\s*/];

// Safe in an attribute value between double quotes and in text.
export const escapeHtml = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** Where the image preloads go: first in the head, after its charset (which must come first). */
export const HEAD_START = /<head>(\s*<meta charset="[^"]*"\s*\/?>)?/i;

/** Where index.html's placeholder takes a page's lead (PageHints.lead in static.ts). */
export const LEAD_SLOT = '<div class="boot-main"></div>';

/**
 * The lead as the page will show it: a line kept for the page's context, the title with room for
 * the button beside it, the image. The app's stylesheet is not applied yet: index.html's own
 * styles size and place them as the page does.
 */
export function leadHtml(lead: { src: string; title: string }) {
  const title = escapeHtml(lead.title);
  return `<div class="boot-main"><p class="boot-context"></p><div class="boot-head"><p class="boot-title">${title}</p><span class="boot-watch"></span></div><img class="boot-lead" src="${escapeHtml(lead.src)}" alt="${title}" fetchpriority="high"></div>`;
}
