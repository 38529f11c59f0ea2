import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@app/contracts';
import {
  commonErrorCodes,
  type EndpointDefinition,
  idempotencyErrorCodes,
  platformErrorCodes,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The API tests fail on an error answer whose code its endpoint does not declare, but only for
 * the answers some test provokes. This reads the server's source instead: every code it can
 * throw must be declared by some endpoint (or be one every call may give), so a code no test
 * reaches is still in the reference and in the client's types.
 */

const SOURCE = path.resolve(import.meta.dirname, '../../src');

/** Codes the source answers outside the JSON API, with why they need no declaration. */
const OUTSIDE_THE_API: Record<string, string> = {
  // The payments sandbox's own checkout page (/sandbox/...), a stand-in for the provider's.
  LINK_NOT_FOUND: 'sandbox checkout page',
  // The stored images' files (/images/:id/:file), which no JSON call answers.
  IMAGE_NOT_FOUND: 'image files',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

// The error helpers of platform/errors.ts (and images.ts's own) take the code first; answers
// written by hand carry it as `code: '...'`; the common codes are named through their constants.
const HELPER_CALL =
  /\b(?:AppError|badRequest|fieldError|forbidden|notFound|conflict|imageError)\(\s*'([A-Z][A-Z0-9_]*)'/g;
const CODE_PROPERTY = /\bcode:\s*'([A-Z][A-Z0-9_]*)'/g;
const COMMON_CONSTANT = /\b(?:codes|commonErrorCodes)\.([a-zA-Z]+)\b/g;
const DEFAULT_CODE = { 'forbidden()': commonErrorCodes.forbidden, 'notFound()': commonErrorCodes.notFound };

/** Every code the server's source can answer, with the files that name it. */
function thrownCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (code: string, file: string) => {
    const files = found.get(code) ?? [];
    if (!files.includes(file)) files.push(file);
    found.set(code, files);
  };
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    const name = path.relative(SOURCE, file);
    for (const pattern of [HELPER_CALL, CODE_PROPERTY]) {
      for (const match of text.matchAll(pattern)) add(match[1]!, name);
    }
    for (const match of text.matchAll(COMMON_CONSTANT)) {
      const code = (commonErrorCodes as Record<string, string>)[match[1]!];
      if (code) add(code, name);
    }
    for (const [call, code] of Object.entries(DEFAULT_CODE)) if (text.includes(call)) add(code, name);
  }
  return found;
}

function declaredCodes(): Set<string> {
  const declared = new Set<string>([...platformErrorCodes, ...idempotencyErrorCodes]);
  for (const [exportName, group] of Object.entries(contracts)) {
    if (!exportName.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
    for (const endpoint of Object.values(group as Record<string, EndpointDefinition>)) {
      for (const code of endpoint.errorCodes ?? []) declared.add(code);
    }
  }
  return declared;
}

describe('error codes', () => {
  it('finds the codes the source throws (the search itself works)', () => {
    const thrown = thrownCodes();
    expect(thrown.get('PRODUCT_NOT_FOUND')?.length).toBeGreaterThan(0);
    expect(thrown.has('IMAGE_TOO_LARGE')).toBe(true);
    expect(thrown.has(commonErrorCodes.rateLimited)).toBe(true);
    expect(thrown.size).toBeGreaterThan(100);
  });

  it('every code the server can answer is declared by an endpoint or given by every call', () => {
    const declared = declaredCodes();
    const undeclared = [...thrownCodes()]
      .filter(([code]) => !declared.has(code) && !(code in OUTSIDE_THE_API))
      .map(([code, files]) => `${code} (${files.join(', ')})`)
      .sort();
    expect(undeclared).toEqual([]);
  });

  it('every declared code is one the server can answer (no stale declarations)', () => {
    const thrown = thrownCodes();
    const stale = [...declaredCodes()].filter((code) => !thrown.has(code)).sort();
    expect(stale).toEqual([]);
  });

  it('every endpoint declares each code once, in SCREAMING_SNAKE', () => {
    const wrong: string[] = [];
    for (const [exportName, group] of Object.entries(contracts)) {
      if (!exportName.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
      for (const [name, endpoint] of Object.entries(group as Record<string, EndpointDefinition>)) {
        const codes = endpoint.errorCodes ?? [];
        const bad = codes.filter((code, i) => !/^[A-Z][A-Z0-9_]*$/.test(code) || codes.indexOf(code) !== i);
        if (bad.length > 0) wrong.push(`${exportName}.${name}: ${bad.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
