import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createFreshPostgresDatabase, testDatabaseKind } from '../support/database.ts';

const SECRET = 'production-secret-that-is-long-enough-0123456789';
/** A production environment that starts; each test breaks one thing. */
const production = {
  NODE_ENV: 'production',
  PAYMENTS_PROVIDER: 'bold',
  BOLD_API_KEY: 'identity-key',
  BOLD_SECRET_KEY: 'bold-secret-key',
  JWT_SECRET: SECRET,
  PUBLIC_URL: 'https://coleccionables.example',
  SMTP_URL: 'smtp://mailer:mail-password@smtp.example:587',
  DATA_DIR: '/tmp/unused',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('production refuses settings meant for a laptop', () => {
  it('a complete production configuration starts, without demo data', () => {
    const config = loadConfig(production);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.TEST_CLOCK).toBe(false);
    expect(config.PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '18' }).PASSWORD_HASH_COST).toBe(18);
    // Outside production nothing changes: the demo data is seeded unless SEED_DEMO=0.
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/unused', SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it.each([
    ['PAYMENTS_PROVIDER', { PAYMENTS_PROVIDER: undefined }],
    ['PAYMENTS_PROVIDER', { PAYMENTS_PROVIDER: 'sandbox' }],
    ['TEST_CLOCK', { TEST_CLOCK: '1' }],
    ['TEST_CLOCK', { TEST_CLOCK: '0' }],
    ['SEED_DEMO', { SEED_DEMO: '1' }],
    ['JWT_SECRET', { JWT_SECRET: undefined }],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }],
    ['PUBLIC_URL', { PUBLIC_URL: '' }],
    ['SMTP_URL', { SMTP_URL: undefined }],
    ['SMTP_URL', { SMTP_URL: '' }],
    ['PASSWORD_HASH_COST', { PASSWORD_HASH_COST: '16' }],
  ])('refuses to start when %s is %o, in one line naming it', (name, change) => {
    const message = refusal({ ...production, ...change });
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain('\n');
  });

  it('SEED_DEMO=0 is accepted in production', () => {
    expect(loadConfig({ ...production, SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it.each([
    ['JWT_SECRET', 'short-but-secret-Xq9'],
    ['DATABASE_URL', 'mysql://admin:hunter2-password@db.internal/app'],
    ['REDIS_URL', 'http://user:redis-password@cache'],
    ['BOLD_API_URL', 'not a url with secret-token-123'],
    ['PORT', 'port-secret-value'],
    ['SMTP_URL', 'http://mailer:smtp-password@smtp.example'],
  ])('a rejected %s is named but never echoed', (name, value) => {
    const message = refusal({ DATA_DIR: '/tmp/unused', [name]: value });
    expect(message).toContain(name);
    expect(message).not.toContain(value);
    for (const part of value.split(/[:/@ ]+/).filter((p) => p.length > 4))
      expect(message).not.toContain(part);
  });
});

describe('routes that exist only outside production', () => {
  it('a production app has no sandbox checkout and no test clock, even if asked for them', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-prod-'));
    const postgres = testDatabaseKind() === 'postgres' ? await createFreshPostgresDatabase() : undefined;
    const base = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      TEST_CLOCK: '1',
      JWT_SECRET: SECRET,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    // Built past loadConfig, as if a check there were lost: the routes still stay away.
    const app = await buildApp({ ...base, NODE_ENV: 'production' }, { jobIntervalMs: 0 });
    try {
      const clock = await app.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { advance_seconds: 60 },
      });
      expect(clock.statusCode).toBe(404);
      const checkout = await app.inject({ method: 'GET', url: '/sandbox/bold/checkout/LNK_ABCDEF123456' });
      expect(checkout.statusCode).toBe(404);
      const approve = await app.inject({
        method: 'POST',
        url: '/sandbox/bold/checkout/LNK_ABCDEF123456/approve',
      });
      expect(approve.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }

    // The same configuration outside production has both (the test above can fail).
    const devDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-dev-'));
    const devPg = testDatabaseKind() === 'postgres' ? await createFreshPostgresDatabase() : undefined;
    const dev = await buildApp({ ...base, dataDir: devDir, DATABASE_URL: devPg?.url }, { jobIntervalMs: 0 });
    try {
      const clock = await dev.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { advance_seconds: 0 },
      });
      expect(clock.statusCode).toBe(200);
      const checkout = await dev.inject({ method: 'GET', url: '/sandbox/bold/checkout/LNK_ABCDEF123456' });
      expect(checkout.statusCode).toBe(404);
      expect(checkout.body).toContain('Bold');
    } finally {
      await dev.close();
      await devPg?.drop();
      rmSync(devDir, { recursive: true, force: true });
    }
  });
});
