import { CompiledQuery } from 'kysely';
import { openDatabase } from '../src/platform/db.ts';
import { prepareSearch } from '../src/modules/search/search.matching.ts';
import { searchRepository } from '../src/modules/search/search.repository.ts';
const { db, close } = await openDatabase({ dataDir: 'memory://', databaseUrl: process.env.URL });
const [term, which] = process.argv.slice(2) as [string, string];
const p = await prepareSearch(db, term);
// Capture the compiled query by swapping execute for compile.
const fake: any = new Proxy(db, {});
const builders: Record<string, () => any> = {
  users: () => searchRepository.findUsers({ ...db, selectFrom: db.selectFrom.bind(db) } as any, p, 20),
};
void fake; void builders;
const orig = (db as any).getExecutor;
let captured: CompiledQuery | undefined;
const spy = new Proxy(db, {
  get(target, prop, receiver) {
    const v = Reflect.get(target, prop, receiver);
    return typeof v === 'function' ? v.bind(target) : v;
  },
});
void orig; void spy;
const qb: any =
  which === 'users'
    ? db.selectFrom('users as u')
    : null;
void qb;
// simplest: monkeypatch executeQuery on the driver via kysely's executor
const exec = (db as any).getExecutor();
const origExecute = exec.executeQuery.bind(exec);
exec.executeQuery = async (compiled: CompiledQuery, id: any) => {
  captured = compiled;
  return origExecute(compiled, id);
};
const fns: any = {
  users: () => searchRepository.findUsers(db, p, 20),
  products: () => searchRepository.findProducts(db, p, 20),
  auctions: () => searchRepository.findAuctions(db, p, new Date('2026-11-22T12:00:00Z'), 20),
};
await fns[which]();
exec.executeQuery = origExecute;
const r = await db.executeQuery(CompiledQuery.raw(`explain analyze ${captured!.sql}`, captured!.parameters as any[]));
console.log(JSON.stringify(p.words));
for (const row of r.rows as any[]) console.log(row['QUERY PLAN']);
await close();
