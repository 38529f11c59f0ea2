import type { Plugin } from 'vite';

/**
 * The contracts folders whose texts and constants the buyer's pages read (the product page, the
 * lists, Explorar, the login). Marking every contracts module also changed how the bundler groups
 * the app's shared modules: a dozen small chunks split off the entry chunk, each one more request
 * before the first render; with these folders the chunks stay as they were.
 */
const CONTRACTS_MODULE =
  /[\\/]packages[\\/]contracts[\\/]src[\\/](watchlist|auctions|catalog|common|users|products|saved-searches|reports|questions|notifications|offers|payments|ratings)[\\/](?!.*\.test\.ts$)[^\\/]+\.ts$/;
/**
 * The start of a value built from zod: `z.object(...)`, a schema derived from another
 * (`ProductSchema.extend(...)`, `BrowseFiltersObject.pick(...)`) or made by a schema factory.
 */
const SCHEMA_ROOT = /^(z|\w+Schema|\w+Object|make\w*Schema)$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The identifier a call or property chain starts from (`z` in `z.string().nullable()`). */
function chainRoot(node: Node): string | null {
  let current = node;
  for (;;) {
    if (current.type === 'Identifier') return current.name as string;
    if (current.type === 'CallExpression') current = current.callee as Node;
    else if (current.type === 'MemberExpression') current = current.object as Node;
    else if (current.type === 'ChainExpression' || current.type === 'ParenthesizedExpression')
      current = current.expression as Node;
    else return null;
  }
}

/**
 * Where a module's top-level schema constants are built: the initializer of each `const` (exported
 * or not) whose value starts from zod and is built by a call.
 */
export function schemaInitializers(program: { body: Node[] }): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || (init.type !== 'CallExpression' && init.type !== 'ChainExpression')) continue;
      const root = chainRoot(init);
      if (root && SCHEMA_ROOT.test(root)) found.push({ start: init.start, end: init.end });
    }
  }
  return found;
}

/** `code` with each of `ranges` built inside a call marked pure. */
export function wrapPure(code: string, ranges: Array<{ start: number; end: number }>): string {
  let out = '';
  let at = 0;
  for (const { start, end } of [...ranges].sort((a, b) => a.start - b.start)) {
    out += `${code.slice(at, start)}/* @__PURE__ */ (() => ${code.slice(start, end)})()`;
    at = end;
  }
  return out + code.slice(at);
}

/**
 * In the build, each contracts module's top-level zod schemas are built inside a call marked pure,
 * so that the bundler leaves out the ones a chunk never reads. A chunk that imports a contracts
 * module for a message text or a constant (the watch button's texts import the watchlist's
 * schemas module for a duration) otherwise builds every schema of that module when it is
 * evaluated, and loads zod for them: 50-110 ms at the phone's 4x slower CPU on the product page
 * and `/explorar`. A schema that is read is built exactly as before, when its module is
 * evaluated; building one has no effect but the value.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'pure-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS_MODULE.test(id) || !code.includes('z')) return null;
      const ranges = schemaInitializers(this.parse(code) as unknown as { body: Node[] });
      if (ranges.length === 0) return null;
      // Only inserted on the lines the code already has: the module's source map stays right.
      return { code: wrapPure(code, ranges), map: null };
    },
  };
}
