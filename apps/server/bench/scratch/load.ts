import { sql } from 'kysely';
import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { seed } from '../seed.ts';
const url = process.argv[2]!;
const n = Number(process.argv[3] ?? 200000);
const { db, close } = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
await migrateToLatest(db);
const now = await seed(db, { products: n, auctions: n / 10, users: n / 40 });
await sql`update products set condition =
  (array['nuevo_en_caja', 'nuevo_sin_caja', 'usado', 'con_detalles', null])[1 + id % 5]; analyze products;`.execute(db);
console.log('now', now.toISOString());
await close();
