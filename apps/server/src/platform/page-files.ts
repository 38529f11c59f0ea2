import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A page's own code, as the web build lists it (apps/web/build/route-preloads.ts). */
export interface PageFiles {
  scripts: string[];
  styles: string[];
}

interface Listed extends PageFiles {
  path: string;
  /** Parts loaded on demand that the page shows at once when the query has `param=value`. */
  parts?: Array<PageFiles & { param: string; value: string }>;
}

/**
 * Finds the page of an address in the build's `route-preloads.json` (patterns like
 * `/auctions/product/:id`; where several match, the one with more fixed segments wins, as the
 * router decides) and answers its files, with those of the parts its query shows (`/?tab=`'s
 * lazily loaded tab). A build without the list answers nothing.
 */
export function pageFilesOf(
  distDir: string,
): (pathname: string, query?: URLSearchParams) => PageFiles | undefined {
  const file = path.join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return () => undefined;
  const match = pageMatcher(file);
  return (pathname, query) => {
    const page = match(pathname);
    if (!page) return undefined;
    const shown = (page.parts ?? []).filter((part) => query?.get(part.param) === part.value);
    return {
      scripts: [...new Set([...page.scripts, ...shown.flatMap((part) => part.scripts)])],
      styles: [...new Set([...page.styles, ...shown.flatMap((part) => part.styles)])],
    };
  };
}

/**
 * Whether an address is one of the app's pages, by the build's list of every page; undefined
 * when the build has no list (then every address may be one).
 */
export function isAppPageOf(distDir: string): ((pathname: string) => boolean) | undefined {
  const file = path.join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return undefined;
  const match = pageMatcher(file);
  return (pathname) => match(pathname) !== undefined;
}

function pageMatcher(file: string): (pathname: string) => Listed | undefined {
  const pages = (JSON.parse(readFileSync(file, 'utf8')) as Listed[]).map((page) => {
    const segments = page.path.split('/').filter(Boolean);
    return { ...page, segments, fixed: segments.filter((s) => !s.startsWith(':')).length };
  });
  return (pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    let best: (typeof pages)[number] | undefined;
    for (const page of pages) {
      if (page.segments.length !== parts.length) continue;
      const matches = page.segments.every((s, i) => (s.startsWith(':') ? parts[i] !== '' : s === parts[i]));
      if (matches && (!best || page.fixed > best.fixed)) best = page;
    }
    return best;
  };
}
