import { SITE_NAME } from '@app/contracts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewUrl } from '../../platform/image-previews.ts';
import { imageUrl } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import { scriptJson } from '../../platform/script-json.ts';

/** What index.html says about a page before the app runs: its title, tags and status. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  type?: 'website' | 'product' | 'profile';
  /** Absolute, with its size. */
  image?: { url: string; width: number; height: number };
  price?: number;
  /** schema.org Product, for product pages. */
  jsonLd?: object;
  /** 404 keeps the app shell (it shows its own not-found page) but tells crawlers to drop it. */
  status?: 404;
}

// Safe in an attribute value between double quotes and in text.
const escapeHtml = (text: string) =>
  text.replace(
    /[&"'<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' })[c]!,
  );

/** A description for a meta tag: one line, at most about 160 characters. */
export function shortDescription(text: string, max = 160) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The site's own preview image (the web app's public/og-image.png, at the size WhatsApp and
 * Facebook show large), for a page without an image of its own: a shared link previews with the
 * brand instead of a bare title.
 */
const SITE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

/** The tags that replace index.html's generic title and description. */
export function headHtml(head: PageHead, origin: string): string {
  const image = head.image ?? {
    url: origin + SITE_IMAGE.path,
    width: SITE_IMAGE.width,
    height: SITE_IMAGE.height,
  };
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...(head.status === 404 ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'es_CO'),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', image.url),
    meta('property', 'og:image:width', image.width),
    meta('property', 'og:image:height', image.height),
    meta('property', 'og:image:alt', head.image ? head.title : SITE_NAME),
    ...(head.price !== undefined
      ? [
          meta('property', 'product:price:amount', head.price),
          meta('property', 'product:price:currency', 'COP'),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image.url),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('');
}

/** A product as a page names it, from seoRepository.productForPage (money in centavos). */
export interface ProductForPage {
  id: number;
  name: string;
  description: string;
  image_id: string | null;
  status: string;
  can_be_bought: boolean;
  sell_price: number | null;
  base_price: number | null;
  auction_live: boolean;
  /** The status of the auction it is in now, null for none. */
  auction_status: string | null;
  highest_bid: number | null;
}

const SOLD = new Set(['sold', 'shipped', 'delivered']);
const availability = (state: 'InStock' | 'SoldOut' | 'OutOfStock') => `https://schema.org/${state}`;

/**
 * A product page's head: its auction page (`auction`; the current price is the highest bid, else
 * the base price) or its buy-now page (the sale price). A sold product keeps its page, sold out.
 */
export function productHead(
  product: ProductForPage,
  page: 'auction' | 'buy',
  origin: string,
  path: string,
): PageHead {
  const sold = SOLD.has(product.status);
  // Never the reserve price: it is secret (a bidder who knew it would bid exactly that). Without a
  // public price the head carries none.
  const centavos = page === 'auction' ? (product.highest_bid ?? product.base_price) : product.sell_price;
  const price = centavos === null || centavos === undefined ? undefined : toPesos(Number(centavos));
  const onSale =
    page === 'auction' ? product.auction_live : product.can_be_bought && product.status === 'available';
  const state = sold ? 'SoldOut' : onSale ? 'InStock' : 'OutOfStock';
  // Named as the app names the page: an auction still to start or running is live, not ended.
  const ended = !product.auction_live && product.auction_status !== 'upcoming';
  const suffix = page === 'buy' ? 'Compra directa' : ended ? 'Subasta finalizada' : 'Subasta en vivo';
  const canonical = origin + path;
  const description = shortDescription(product.description) || product.name;
  const image = product.image_id
    ? { url: origin + previewUrl(product.image_id), width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT }
    : undefined;
  return {
    title: `${product.name} | ${suffix}`,
    description,
    canonical,
    type: 'product',
    image,
    price,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description,
      ...(product.image_id && { image: origin + imageUrl(product.image_id) }),
      url: canonical,
      offers: {
        '@type': 'Offer',
        ...(price !== undefined && { price, priceCurrency: 'COP' }),
        availability: availability(state),
        url: canonical,
      },
    },
  };
}
