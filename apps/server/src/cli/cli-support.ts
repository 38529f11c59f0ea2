import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { migrateToLatest } from '../platform/migrate.ts';

/** A failure to report in one line, with exit code 1. */
export class CliError extends Error {}

export const EMBEDDED_DB_NOTE =
  'The embedded database (PGlite) can be opened by one process only: stop the server (npm start / npm run dev) before running this command, or set DATABASE_URL to use PostgreSQL. / La base embebida solo admite un proceso: detén el servidor antes de usar este comando.';

/**
 * The configuration the server would use. npm runs workspace scripts inside apps/server, so a
 * relative DATA_DIR is resolved from where npm was invoked (INIT_CWD), as the server resolves it
 * from the repository root with `npm start`.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR || './data';
  const base = env.INIT_CWD || process.cwd();
  return loadConfig({ ...env, DATA_DIR: path.isAbsolute(dataDir) ? dataDir : path.resolve(base, dataDir) });
}

/** Whether a server answers on the configured address (then the embedded DB must not be opened). */
async function serverIsRunning(config: Config): Promise<boolean> {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  try {
    const response = await fetch(
      `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/api/health`,
      {
        signal: AbortSignal.timeout(1000),
      },
    );
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

/** Opens and migrates the database the server uses; refuses the embedded one while a server runs. */
export async function openCliDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL && config.PORT > 0 && (await serverIsRunning(config))) {
    throw new CliError(`A server is running on port ${config.PORT}. ${EMBEDDED_DB_NOTE}`);
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    await migrateToLatest(handle.db);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `Could not open the database (${reason}).${config.DATABASE_URL ? '' : ` ${EMBEDDED_DB_NOTE}`}`,
    );
  }
  return handle;
}

/**
 * Runs a command: prints its one result line, or "Error: …" on stderr with exit code 1.
 * `main` gets the argument list and returns the line to print.
 */
export async function runCli(main: (args: string[]) => Promise<string>, args = process.argv.slice(2)) {
  try {
    console.log(await main(args));
    process.exitCode = 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) console.error(`Error: ${error.message}`);
    else if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`Error: ${error.message}`);
    } else console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

/** Whether this module is the one node was started with (so tests can import it without running it). */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  return path.resolve(entry) === fileURLToPath(moduleUrl);
}
