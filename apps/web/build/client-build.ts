import type { ConfigEnv, UserConfig } from 'vite';

/** For plugins of the browser's build only, not the server render's (`vite build --ssr`). */
export const clientBuild = (_config: UserConfig, env: ConfigEnv) =>
  env.command === 'build' && !env.isSsrBuild;
