/**
 * The titles and descriptions of the public landing pages: the app sets them as the page shows,
 * and the server writes them into the page's HTML for link previews and search engines.
 */
export const SITE_NAME = 'Coleccionables';

export const landingPageTexts = {
  '/': {
    title: 'Coleccionables · Subastas y compra directa de juguetes de colección',
    description:
      'Subastas en vivo y compra directa de autos a escala, cartas coleccionables y figuras de vinilo en Latinoamérica.',
  },
  '/auctions': {
    title: 'Subastas Activas',
    description: 'Puja en tiempo real por autos die-cast, cartas coleccionables y figuras de vinilo.',
  },
  '/explorar': {
    title: 'Explorar',
    description:
      'Explora subastas en vivo y productos de compra directa por categoría, marca, escala, estado y precio.',
  },
} as const satisfies Record<string, { title: string; description: string }>;

/** A page's full document title: its own name and the site's, unless it already names the site. */
export const documentTitle = (title: string) =>
  title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
