import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other and into the code; a link that leads nowhere is the
 * first thing a newcomer meets. Relative links must reach a file, and a `#fragment` a heading of
 * the file it names (GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return docs(rel);
      return entry.name.endsWith('.md') ? [rel] : [];
    });
  return ['README.md', ...docs('docs')];
}

function headingId(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const ids = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+)$/gm)) ids.add(headingId(heading!));
  return ids;
}

/** Every broken relative link of `file`, as "target (why)". */
function brokenLinks(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!) || target!.startsWith('/')) continue; // another site, or the app's own paths
    const [filePart, fragment] = target!.split('#') as [string, string | undefined];
    const resolved = filePart ? path.resolve(root, path.dirname(file), filePart) : path.join(root, file);
    if (!existsSync(resolved)) {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment))
      broken.push(`${target} (no such heading)`);
  }
  return broken;
}

describe('documentation links', () => {
  it('names heading ids as GitHub does', () => {
    expect(headingId('Before and after the codebase rework (2026-11-27)')).toBe(
      'before-and-after-the-codebase-rework-2026-11-27',
    );
    expect(headingId('The operator console')).toBe('the-operator-console');
  });

  it.each(markdownFiles())('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
