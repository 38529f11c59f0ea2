import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository has to stand on its own: a comment or test name says the rule it follows, not
 * where a document outside the repository (the operating contract, the product specs) wrote it down.
 * Pointers like those go stale and mean nothing to someone who only has the code.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const self = path.relative(root, fileURLToPath(import.meta.url));

const CITATIONS: RegExp[] = [
  /\bCONTRACT\.md\b/i,
  /\bcontract\s*(?:section|§)/i,
  /\bspec(?:ification)?\s*\d/i,
  /\bsections?\s+\d+(?:\s*(?:,|and)\s*\d+)*\s+of\s+the\s+(?:contract|spec)/i,
  /§\s*\d/,
  /\bthe spec\b|\bspec(?:'|’)s\b|\bspec (?:message|text)s?\b/i,
];

/** Folders that hold no source: installed packages, build output, local data, test leftovers. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'data',
  'test-results',
  'screenshots',
  'coverage',
]);
const SOURCE = /\.(?:[cm]?[jt]sx?|sql|css|html|json)$/;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(rel));
    else if (SOURCE.test(entry.name)) files.push(rel);
  }
  return files;
}

/** Every line of `text` that cites an outside document, as "line: text". */
function citationsIn(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (CITATIONS.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('no citations of documents outside the repository', () => {
  it('finds the usual ways of citing them', () => {
    const cited = [
      '// See CONTRACT.md for the rules.',
      '/** Only sellers create products (CONTRACT section 7). */',
      '/** Site header (spec 1 section 2): logo, search. */',
      "describe('toCreatePayload (spec 2 sections 2 and 5)', () => {",
      '// as section 4 of the contract says',
      '// the limits of Contract §10',
      "it('a wrong password is a 401 with the spec message', async () => {",
      "// A second account is refused with the spec's message.",
      '// per the spec, the list is sorted',
    ];
    for (const line of cited) expect(citationsIn(line), line).toHaveLength(1);
  });

  it('leaves ordinary words alone', () => {
    const plain = [
      "import { SpecList } from './spec-list.tsx';",
      "/** The specification rows of condition and grading ('Estado', 'Calificación'). */",
      '// e2e/bidding.spec.ts starts its own server',
      '/** The shared contracts package: schemas and rules used by the server and the web app. */',
      '// section 2 of the form holds the address',
    ];
    for (const line of plain) expect(citationsIn(line), line).toEqual([]);
  });

  it('no source, test or script file under apps/, packages/ or scripts/ cites one', () => {
    const files = ['apps', 'packages', 'scripts'].flatMap(sourceFiles).filter((file) => file !== self);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      citationsIn(readFileSync(path.join(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(found, 'state the rule itself instead of where an outside document wrote it').toEqual([]);
  });
});
