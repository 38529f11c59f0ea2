/**
 * The lead the server painted in index.html's placeholder for the first address (a product's name
 * and image, see the server's static.ts), read before React replaces the placeholder: the page
 * keeps showing them while its data loads instead of a blank spinner, in the same place.
 */
export interface BootLead {
  pathname: string;
  src: string;
  title: string;
}

let lead: BootLead | null = null;
// The placeholder's image element itself, for `leadPainted`.
let leadImage: HTMLImageElement | null = null;

/** Remembers the placeholder's lead, if it has one; call before the first render. */
export function rememberBootLead(doc: Document, pathname: string): void {
  leadImage = doc.querySelector<HTMLImageElement>('#root img.boot-lead');
  const title = doc.querySelector('#root .boot-title')?.textContent;
  const src = leadImage?.getAttribute('src');
  lead = src && title ? { pathname, src, title } : null;
}

/** The lead painted for `pathname`, if the first address was that one. */
export function bootLeadFor(pathname: string): BootLead | null {
  return lead && lead.pathname === pathname ? lead : null;
}

/**
 * Resolves once the remembered lead image has been painted (or has failed, or after `limitMs`):
 * the app's first render replaces the placeholder, and without this wait a fast render would
 * take the image away before it shows, to show it again a moment later. On a slow connection
 * the image, preloaded first, is there before the app's code anyway.
 */
export function leadPainted(limitMs = 1000): Promise<void> {
  if (!leadImage) return Promise.resolve();
  const painted = leadImage
    .decode()
    .catch(() => undefined)
    // The frame after the one the image is decoded for has painted it.
    .then(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}
