/** Reading a served page's head the way a link-preview crawler does (no JavaScript). */

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|quot|lt|gt|#39);/g, (_, name: string) => ENTITIES[name]!);

export function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : undefined;
}

export function pageTitle(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match ? decode(match[1]!) : undefined;
}

/** The page's one JSON-LD block, parsed. */
export function jsonLd(html: string): Record<string, any> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  if (blocks.length !== 1) throw new Error(`expected one JSON-LD block, found ${blocks.length}`);
  return JSON.parse(blocks[0]![1]!);
}
