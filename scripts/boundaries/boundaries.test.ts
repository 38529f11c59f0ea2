import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the lint's boundary check over the given files, as `npm run lint` does over the tree. */
function depcruise(files: string[]) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      ...files,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Each probe is a real file placed where the rule applies (the rules are about paths), importing
 * what that place must not import; it is removed afterwards.
 */
const probes: string[] = [];
function probe(dir: string, source: string): string {
  const folder = mkdtempSync(path.join(root, dir, 'boundary-probe-'));
  const file = path.join(folder, 'probe.ts');
  writeFileSync(file, source);
  probes.push(folder);
  return path.relative(root, file);
}

afterEach(() => {
  for (const folder of probes.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('import boundaries (npm run lint)', () => {
  it('the tree as it is has no violation', () => {
    const result = depcruise(['apps/server/src', 'apps/web/src', 'packages/contracts/src']);
    expect(result.output).toContain('no dependency violations');
    expect(result.status).toBe(0);
  }, 60_000);

  it('catches web shared code importing a feature', () => {
    const file = probe(
      'apps/web/src/components',
      "export { useUnreadCount } from '../../features/notifications/api/use-unread-count.ts';\n",
    );
    const result = depcruise([file]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('web-shared-imports-no-feature');
  }, 60_000);

  it("catches a server module importing another module's repository", () => {
    const file = probe(
      'apps/server/src/modules/watchlist',
      "export { bidsRepository } from '../../bids/bids.repository.ts';\n",
    );
    const result = depcruise([file]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('modules-meet-through-services');
  }, 60_000);

  it('catches platform code importing a module, and the web importing the server', () => {
    const platform = probe(
      'apps/server/src/platform',
      "export { createBidsService } from '../../modules/bids/bids.service.ts';\n",
    );
    const web = probe('apps/web/src/lib', "export { buildApp } from '../../../../server/src/app.ts';\n");
    const result = depcruise([platform, web]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('platform-imports-no-module');
    expect(result.output).toContain('web-and-server-meet-in-contracts');
  }, 60_000);
});

describe('modules are imported from where things live', () => {
  it('no server service file re-exports another file (another module imports it where it is)', () => {
    const modules = path.join(root, 'apps/server/src/modules');
    const services = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.service.ts'),
    );
    expect(services.length).toBeGreaterThan(20);
    const barrels = services.filter((file) =>
      /^export\s+(\*|(type\s+)?\{[^}]*\})\s+from\s/m.test(readFileSync(path.join(modules, file), 'utf8')),
    );
    expect(barrels).toEqual([]);
  });
});

describe('calls come from the declarations', () => {
  it('no web feature spells an API or socket URL (they use the contracts declarations)', () => {
    const features = path.join(root, 'apps/web/src/features');
    const files = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(50);
    const spelled = files.filter((file) =>
      /['"`]\/(auctions\/)?api\//.test(readFileSync(path.join(features, file), 'utf8')),
    );
    expect(spelled).toEqual([]);
  });

  it('every endpoint is declared in a *.endpoints.ts file (the browser build swaps those for their routes, so a declaration elsewhere brings zod into the first page)', () => {
    const contracts = path.join(root, 'packages/contracts/src');
    const files = readdirSync(contracts, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file),
    );
    const declaring = files.filter((file) =>
      /\bdefineEndpoint\(/.test(readFileSync(path.join(contracts, file), 'utf8')),
    );
    expect(declaring.length).toBeGreaterThan(20);
    expect(declaring.filter((file) => !file.endsWith('.endpoints.ts') && !file.startsWith('http/'))).toEqual(
      [],
    );
  });
});

describe('one writer per state', () => {
  it("only the product lifecycle changes a product's status", () => {
    const src = path.join(root, 'apps/server/src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    );
    expect(files.length).toBeGreaterThan(50);
    const writers = files.filter((file) => {
      const text = readFileSync(path.join(src, file), 'utf8');
      // An UPDATE of products that sets `status`, in Kysely or in raw SQL.
      return (
        /updateTable\(\s*['"]products['"]\s*\)[\s\S]{0,200}?\.set\(\s*\{[^}]*\bstatus\b/.test(text) ||
        /update\s+products\s+set[^;]*\bstatus\b/i.test(text)
      );
    });
    expect(writers).toEqual([path.join('modules', 'products', 'product-lifecycle.service.ts')]);
  });
});
