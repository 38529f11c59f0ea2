// npm run db:seed: seeds the demo data into an empty database.
import { buildApp } from '../app.ts';
import { isEntryPoint, loadCliConfig, openCliDatabase, runCli } from './cli-support.ts';

export async function dbSeed(_args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadCliConfig(env);
  // Checks that no server holds the embedded database, migrates, and tells whether it is empty.
  const probe = await openCliDatabase(config);
  let empty: boolean;
  try {
    empty = !(await probe.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  } finally {
    await probe.close();
  }
  if (!empty)
    return 'The database already has users: nothing seeded. / La base ya tiene datos: no se sembró nada.';
  // The app assembles every module's seed step; building it with SEED_DEMO on runs them once.
  const app = await buildApp({ ...config, SEED_DEMO: true, LOG_LEVEL: 'warn' }, { jobIntervalMs: 0 });
  await app.close();
  return `Demo data seeded (password of every demo account: Demo12345!). / Datos de demostración creados.`;
}

if (isEntryPoint(import.meta.url)) await runCli((args) => dbSeed(args));
