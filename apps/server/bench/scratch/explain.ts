import { BrowseQuerySchema } from '@app/contracts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createCatalogService } from '../../src/modules/catalog/catalog.service.ts';
import { createSearchService } from '../../src/modules/search/search.service.ts';
import type { AppContext } from '../../src/platform/context.ts';
const url = process.argv[2]!;
const only = process.argv[3] ? Number(process.argv[3]) : undefined;
const captured: { sql: string; params: readonly unknown[] }[] = [];
const pool = new pg.Pool({ connectionString: url });
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), log: (e) => { if (e.level === 'query') captured.push({ sql: e.query.sql, params: e.query.parameters }); } });
const id = async (t: string, n: string) => (await sql<{ id: number }>`select id from ${sql.table(t)} where name = ${n}`.execute(db)).rows[0]!.id;
const cars = await id('categories', 'Autos die-cast'); const cards = await id('categories', 'Cartas coleccionables');
const hw = await id('brands', 'Hot Wheels'); const pk = await id('brands', 'Pokémon'); const fk = await id('brands', 'Funko'); const s64 = await id('scales', '1:64');
const raw = [
  { category_id: cars, condition: 'usado', max_price: 200000, sort: 'price_asc' },
  { kind: 'auction', brand_id: hw, min_price: 10000, sort: 'ending_soon' },
  { q: 'camaro', scale_id: s64, condition: 'nuevo_en_caja', sort: 'newest' },
  { category_id: cards, brand_id: pk, max_price: 500000, sort: 'most_bids' },
  { kind: 'buy_now', brand_id: fk, condition: 'con_detalles', sort: 'price_desc' },
  { q: 'pokemon', kind: 'all', min_price: 50000, sort: 'price_asc' },
  { category_id: cars, scale_id: s64, min_price: 20000, sort: 'ending_soon' },
  { kind: 'buy_now', condition: 'nuevo_sin_caja', max_price: 300000, sort: 'newest' },
];
const now = new Date('2026-11-22T12:00:00.000Z');
const ctx = { db, clock: { now: () => now } } as unknown as AppContext;
const catalog = createCatalogService(ctx, { search: createSearchService(ctx) });
for (const [i, q] of raw.entries()) {
  if (only !== undefined && only !== i + 1) continue;
  captured.length = 0;
  const t = performance.now();
  const r = await catalog.browse(BrowseQuerySchema.parse({ ...q, size: 24 }));
  const times: number[] = [];
  for (let k = 0; k < 7; k++) { const t0 = performance.now(); await catalog.browse(BrowseQuerySchema.parse({ ...q, size: 24 })); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  console.log(`\n##### query ${i + 1} median ${times[3]!.toFixed(1)} max ${times[6]!.toFixed(1)}`);
  if (process.env.NOEXPLAIN) continue;
  console.log(`\n##### query ${i + 1} ${JSON.stringify(q)} total ${r.meta.total} ${(performance.now() - t).toFixed(1)} ms`);
  for (const c of captured.filter((c) => /catalog_listing/.test(c.sql))) {
    const client = await pool.connect();
    try {
      const res = await client.query(`explain (analyze, buffers) ${c.sql}`, c.params as unknown[]);
      console.log('---', c.sql.includes('materialized') ? 'SUMMARY' : 'PAGE');
      console.log(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
    } finally { client.release(); }
  }
}
await db.destroy();
