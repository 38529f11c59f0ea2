import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
const { db, close } = await openDatabase({ databaseUrl: process.argv[2]!, dataDir: 'memory://' });
const t = performance.now();
await migrateToLatest(db);
console.log('migrated', (performance.now() - t).toFixed(0), 'ms');
await close();
