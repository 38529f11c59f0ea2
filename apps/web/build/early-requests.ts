import path from 'node:path';
import type { Plugin } from 'vite';
import { clientBuild } from './client-build.ts';

const ENTRY_NAME = 'early-requests';
const ENTRY_FILE = 'src/boot/early-requests-entry.ts';

/**
 * Builds src/boot/early-requests-entry.ts as an entry of its own (a few hundred bytes, nothing
 * shared with the app) and names it in index.html before the app's entry, `async`: it runs as
 * soon as it arrives and asks for the page's first API answer while the app's code is still on
 * its way (see src/boot/early-requests.ts).
 */
export function earlyRequests(): Plugin {
  return {
    name: 'early-requests',
    apply: clientBuild,
    config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      return {
        build: {
          rolldownOptions: {
            input: { index: path.join(root, 'index.html'), [ENTRY_NAME]: path.join(root, ENTRY_FILE) },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.isEntry && item.name === ENTRY_NAME,
        );
        if (!chunk) throw new Error('early-requests: the early entry was not built');
        const tag = `<script type="module" async crossorigin src="/${chunk.fileName}"></script>`;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('early-requests: index.html has no module script');
        return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}
