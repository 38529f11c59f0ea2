import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersCreate } from '../../src/cli/users-create.ts';
import { usersSetOperator } from '../../src/cli/users-set-operator.ts';
import { newDataDir, startTestApp, TEST_PASSWORD_HASH_COST } from '../support/build-app.ts';
import { createFreshPostgresDatabase, testDatabaseKind } from '../support/database.ts';

describe('users:set-operator', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let dropPostgres: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = newDataDir('coleccionables-cli-op-', { withDatabase: testDatabaseKind() === 'pglite' });
    env = {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    };
    if (testDatabaseKind() === 'postgres') {
      const pg = await createFreshPostgresDatabase();
      env.DATABASE_URL = pg.url;
      dropPostgres = pg.drop;
    }
  });
  afterAll(async () => {
    await dropPostgres?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the operator role and takes it away; the console follows', async () => {
    await usersCreate(['--email', 'Opa@Example.com', '--username', 'opa', '--password', 'Secreta123'], env);
    await usersCreate(
      ['--email', 'ex@example.com', '--username', 'ex_operador', '--password', 'Secreta123'],
      env,
    );
    expect(await usersSetOperator(['--email', 'OPA@example.com'], env)).toMatch(/is now an operator/);
    expect(await usersSetOperator(['--email', 'ex@example.com'], env)).toMatch(/is now an operator/);
    expect(await usersSetOperator(['--email', 'ex@example.com', '--off'], env)).toMatch(
      /no longer an operator/,
    );

    const t = await startTestApp({ env: { ...env, PORT: '0' } as Record<string, string> });
    try {
      const token = await t.login('opa@example.com', 'Secreta123');
      expect((await t.request('GET', '/api/users/profile', { token })).body.is_operator).toBe(true);
      expect((await t.request('GET', '/api/admin/stats?days=1', { token })).status).toBe(200);
      const former = await t.login('ex@example.com', 'Secreta123');
      expect((await t.request('GET', '/api/users/profile', { token: former })).body.is_operator).toBe(false);
      expect((await t.request('GET', '/api/admin/stats?days=1', { token: former })).status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('refuses a missing, malformed or unknown email and unknown flags', async () => {
    await expect(usersSetOperator([], env)).rejects.toThrow(/Missing --email/);
    await expect(usersSetOperator(['--email', 'no-es-correo'], env)).rejects.toThrow(/Invalid email/);
    await expect(usersSetOperator(['--email', 'nadie@example.com'], env)).rejects.toThrow(
      /No user with the email/,
    );
    await expect(usersSetOperator(['--email', 'opa@example.com', '--root'], env)).rejects.toThrow(
      /Unknown option/,
    );
  });
});
