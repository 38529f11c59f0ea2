// npm run db:migrate: brings the schema up to date (the server also does this at start-up).
import { Migrator } from 'kysely';
import { migrationProvider } from '../platform/migrations/index.ts';
import { isEntryPoint, loadCliConfig, openCliDatabase, runCli } from './cli-support.ts';

export async function dbMigrate(_args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadCliConfig(env);
  const { db, kind, close } = await openCliDatabase(config);
  try {
    const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
    const where = kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
    return `Migrations up to date on ${where}: ${migrations.length} applied, latest ${migrations.at(-1)?.name ?? 'none'}.`;
  } finally {
    await close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli((args) => dbMigrate(args));
