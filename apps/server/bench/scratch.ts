import { CompiledQuery } from 'kysely';
import { openDatabase } from '../src/platform/db.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';
import { prepareSearch } from '../src/modules/search/search.matching.ts';
import { searchRepository } from '../src/modules/search/search.repository.ts';
import { seed } from './seed.ts';
const { db, close } = await openDatabase({ dataDir: 'memory://', databaseUrl: process.env.URL });
if (!process.env.URL) { await migrateToLatest(db); await seed(db); }
const exec = (db as any).getExecutor();
const origExecute = exec.executeQuery.bind(exec);
for (const term of process.argv.slice(2)) {
  let t = performance.now();
  const p = await prepareSearch(db, term);
  console.log(`\n### ${term} prepare ${(performance.now() - t).toFixed(1)} ms ${JSON.stringify(p.words)}`);
  const fns: any = {
    users: () => searchRepository.findUsers(db, p, 20),
    products: () => searchRepository.findProducts(db, p, 20),
    auctions: () => searchRepository.findAuctions(db, p, new Date('2026-11-22T12:00:00Z'), 20),
  };
  for (const which of ['users', 'products', 'auctions']) {
    let captured: CompiledQuery | undefined;
    exec.executeQuery = async (compiled: CompiledQuery, id: any) => { captured = compiled; return origExecute(compiled, id); };
    t = performance.now();
    await fns[which]();
    const ms = performance.now() - t;
    exec.executeQuery = origExecute;
    const r = await db.executeQuery(CompiledQuery.raw(`explain analyze ${captured!.sql}`, captured!.parameters as any[]));
    console.log(`-- ${which}: ${ms.toFixed(1)} ms`);
    if (process.env.PLANS) for (const row of r.rows as any[]) console.log(row['QUERY PLAN']);
  }
}
await close();
