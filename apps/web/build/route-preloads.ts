import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { clientBuild } from './client-build.ts';

/** What the server names in index.html for an address matching `path`. */
export interface RoutePreload extends ChunkFiles {
  path: string;
  /** The page's on-demand parts an address shows at once (`PagePart`), with their own files. */
  parts?: Array<ChunkFiles & { param: string; value: string }>;
}

interface ChunkFiles {
  scripts: string[];
  styles: string[];
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Writes `route-preloads.json` into the build: for each page of `src/app/route-table.ts`, the
 * page's chunk with every chunk and stylesheet it imports statically, less what index.html loads
 * already. The server adds them to index.html as preloads for an address of that page, so the
 * page's code downloads beside the app's entry instead of after it has run.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'route-preloads',
    apply: clientBuild,
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const table: typeof import('../src/app/route-table.ts') = await tsImport(
        pathToFileURL(path.join(root, 'src/app/route-table.ts')).href,
        import.meta.url,
      );
      const chunks = Object.values(bundle).filter(
        (item): item is Chunk & typeof item => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk as Chunk]));
      const reach = (start: Chunk, into: Set<string>) => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const file of start.imports) {
          const next = byFile.get(file);
          if (next) reach(next, into);
        }
        return into;
      };
      const inIndex = new Set<string>();
      for (const chunk of byFile.values()) if (chunk.isEntry) reach(chunk, inIndex);

      const routesDir = path.join(root, 'src/app/routes');
      /** A module's chunk and what it imports statically, less what `loaded` holds already. */
      const filesOf = (module: string, loaded: Set<string>): ChunkFiles & { files: string[] } => {
        const chunk = [...byFile.values()].find((c) => c.facadeModuleId === path.join(routesDir, module));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
        const files = [...reach(chunk, new Set())].filter((file) => !loaded.has(file));
        const styles = new Set<string>();
        for (const file of files)
          for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) styles.add(css);
        return {
          files,
          scripts: files.map((file) => `/${file}`),
          styles: [...styles].map((file) => `/${file}`),
        };
      };
      const preloads: RoutePreload[] = [];
      for (const page of [...table.publicPages, ...table.protectedPages]) {
        const { files, scripts, styles } = filesOf(page.module, inIndex);
        const withPage = new Set([...inIndex, ...files]);
        const parts = page.parts?.map(({ param, value, module }) => {
          const { scripts, styles } = filesOf(module, withPage);
          return { param, value, scripts, styles };
        });
        preloads.push({ path: page.index ? '/' : page.path!, scripts, styles, ...(parts ? { parts } : {}) });
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
