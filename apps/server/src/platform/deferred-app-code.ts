import { createHash } from 'node:crypto';
import { scriptJson } from './script-json.ts';

/**
 * A page whose HTML already paints its content (a server render, or the placeholder with a
 * product's lead) asks for the app's code only once the images it shows first (those marked
 * `fetchpriority="high"`) have loaded and been painted, or after LOADER_WAIT_MS at most. On a
 * phone's connection the bandwidth is what those images wait for: fetched beside the app's 100+ KB
 * of JavaScript on the six connections of HTTP/1.1, they arrive when most of the code has, and
 * the page's largest paint with them. The code itself then arrives about one round trip later than
 * beside the images (the same bytes on the same link), which is when the page becomes interactive.
 *
 * The entry and its modulepreload links leave the head for a JSON element; a fixed loader
 * (allowed by the CSP through its hash, APP_CODE_LOADER_CSP) adds them back.
 */
const LOADER_WAIT_MS = 3000;

// The entry first (the largest file, and first on the six connections), then its preloads three
// at a time, a task each, the first after the entry's: adding a product page's 35 links at once
// was a 100 ms task on a phone, and six at a time (beside the entry in the first) still made tasks
// of 53-82 ms at startup-trace's 4x slower CPU (each link's appendChild about 8 ms). A link already
// there is not added again: once the entry runs, the app's own preload of the page's chunk (Vite's
// helper) may have added the links the loader had not reached yet.
// Two frames after the last lead image loaded: the frame showing it has been presented, so the
// code's requests never come before the paint they would otherwise delay. At once when the page
// says its lead will not be shown ("app:lead-dropped", sent by the web app's early script when a
// visitor without a session is sent from a product page to the login page): nothing to wait for,
// and the page's own chunks (`pageOnly`, the last of the preloads) are not asked for: the login
// page shown instead never runs them, and they were a dozen tasks of link appends (and 100+ KB)
// on its start-up. The app preloads the login page's chunks itself.
const LEAD_DROPPED_EVENT = 'app:lead-dropped';
export const APP_CODE_LOADER = `(function(){var d=JSON.parse(document.getElementById("app-code").textContent),s=0;document.addEventListener("${LEAD_DROPPED_EVENT}",function(){p=d.preloads.slice(0,d.preloads.length-(d.pageOnly||0));go()});var p=d.preloads;function go(){if(s)return;s=1;var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=d.entry;document.head.appendChild(e);setTimeout(function(){batch(0)},0)}function batch(i){if(i>=p.length)return;p.slice(i,i+3).forEach(function(h){if(document.querySelector('link[href="'+h+'"]'))return;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)});setTimeout(function(){batch(i+3)},0)}function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}var im=document.querySelectorAll('#root img[fetchpriority="high"]'),n=im.length;function one(){if(--n===0)painted()}setTimeout(go,${LOADER_WAIT_MS});if(!n)return go();for(var i=0;i<im.length;i++){if(im[i].complete)one();else{im[i].addEventListener("load",one);im[i].addEventListener("error",one)}}})();`;

export const APP_CODE_LOADER_CSP = `'sha256-${createHash('sha256').update(APP_CODE_LOADER).digest('base64')}'`;

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The module preloads a page names, in order (index.html's own: its entry's imports, `entryOwn` below). */
export const modulePreloadsOf = (html: string) =>
  [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** The early-requests entry (apps/web/build/early-requests.ts): nothing to ask for on a rendered page. */
export const EARLY_REQUESTS = /<script type="module" async crossorigin src="[^"]+"><\/script>\s*/;

/**
 * `html` with its app code asked for by the loader (unchanged when it names no entry). `entryOwn`:
 * the preloads index.html names itself (the entry's own imports); any other is the page's, listed
 * after them and counted as `pageOnly`. Without it every preload counts as the entry's.
 */
export function deferAppCode(html: string, entryOwn?: readonly string[]): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) return html;
  const found = modulePreloadsOf(html);
  const own = entryOwn ? new Set(entryOwn) : undefined;
  const shared = own ? found.filter((href) => own.has(href)) : found;
  const pageOnly = own ? found.filter((href) => !own.has(href)) : [];
  const data = scriptJson({
    entry,
    preloads: [...shared, ...pageOnly],
    ...(pageOnly.length > 0 ? { pageOnly: pageOnly.length } : {}),
  });
  return html
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      '</body>',
      () =>
        `<script type="application/json" id="app-code">${data}</script><script>${APP_CODE_LOADER}</script></body>`,
    );
}

/** The images a server render marks as its first paint (`fetchpriority="high"`), for preloads. */
export function leadImagesOf(html: string): string[] {
  const sources: string[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    if (!/\sfetchpriority="high"/.test(tag)) continue;
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (src) sources.push(src.replace(/&amp;/g, '&'));
  }
  return sources;
}
