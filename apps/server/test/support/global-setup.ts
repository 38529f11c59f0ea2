import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { createDatabaseBeside, testDatabaseKind } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory whose embedded database has every migration applied (PGlite pass). */
    migratedDataDir: string | undefined;
    /** A PostgreSQL database with every migration applied, to create test databases from. */
    migratedTemplate: string | undefined;
  }
}

/**
 * Migrates one database for the whole run; each test file's app then starts on a copy of it
 * (a copied data directory, or CREATE DATABASE … TEMPLATE) instead of creating and migrating
 * its own, which cost seconds of CPU per app. The app still runs its migrations on start: with
 * all of them applied that is a read of the migration table.
 */
export default async function setup(project: TestProject) {
  if (testDatabaseKind() === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = await createDatabaseBeside(base, 'tmpl');
    const handle = await openDatabase({ databaseUrl: template.url, dataDir: os.tmpdir() });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    project.provide('migratedDataDir', undefined);
    project.provide('migratedTemplate', new URL(template.url).pathname.slice(1));
    return template.drop;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-migrated-'));
  const handle = await openDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('migratedDataDir', dataDir);
  project.provide('migratedTemplate', undefined);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
