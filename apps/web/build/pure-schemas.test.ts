// @vitest-environment node
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { schemaInitializers, wrapPure } from './pure-schemas.ts';

const transformed = (code: string) =>
  wrapPure(code, schemaInitializers(parseSync('module.js', code).program as never));

describe('contracts schemas built inside calls marked pure', () => {
  it('wraps the top-level schemas built from zod, derived from a schema or made by a factory', () => {
    const code = [
      "import { z } from 'zod';",
      'export const ItemSchema = z.object({ a: z.string().nullable() });',
      'const B = ItemSchema.extend({ b: z.number() }), C = (z).string();',
      'export const D = BrowseFiltersObject.pick({ q: true });',
      'export const E = makeProfileUpdateSchema(3);',
      'export const F = ProductSchema?.omit({ id: true });',
    ].join('\n');
    expect(transformed(code)).toBe(
      [
        "import { z } from 'zod';",
        'export const ItemSchema = /* @__PURE__ */ (() => z.object({ a: z.string().nullable() }))();',
        'const B = /* @__PURE__ */ (() => ItemSchema.extend({ b: z.number() }))(), C = /* @__PURE__ */ (() => (z).string())();',
        'export const D = /* @__PURE__ */ (() => BrowseFiltersObject.pick({ q: true }))();',
        'export const E = /* @__PURE__ */ (() => makeProfileUpdateSchema(3))();',
        'export const F = /* @__PURE__ */ (() => ProductSchema?.omit({ id: true }))();',
      ].join('\n'),
    );
  });

  it('leaves other values, statements and nested schemas as they are', () => {
    const code = [
      'export const N = 3;',
      'const words = new Set(["a"]);',
      'export const format = once(() => new Intl.NumberFormat("es-CO"));',
      'let later = z.string();',
      'registry.add(z.string());',
      'export const idParam = () => z.coerce.number();',
      'export function build() { const inner = z.string(); return inner; }',
    ].join('\n');
    expect(transformed(code)).toBe(code);
  });

  it('keeps what a wrapped schema is: the same value, built in the same order', () => {
    const built: string[] = [];
    const z = {
      object: (shape: object) => {
        built.push('object');
        return { shape };
      },
    };
    const code = 'const A = z.object({ a: 1 }); const B = z.object({ inner: A });';
    const run = (source: string) =>
      new Function('z', `${source} return [A, B];`)(z) as Array<{ shape: object }>;
    const [a, b] = run(transformed(code));
    expect(built).toEqual(['object', 'object']);
    expect(b!.shape).toEqual({ inner: a });
  });
});
