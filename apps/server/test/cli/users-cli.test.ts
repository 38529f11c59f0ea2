import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { usersCreate } from '../../src/cli/users-create.ts';
import { usersSetSeller } from '../../src/cli/users-set-seller.ts';
import { startTestApp } from '../support/build-app.ts';
import { cliDatabaseForFile } from '../support/cli-database.ts';
import { testDatabaseKind } from '../support/database.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** The database the commands and the app share: a PGlite directory or a fresh PostgreSQL database. */
describe('users:create and users:set-seller', () => {
  const database = cliDatabaseForFile('coleccionables-cli-');

  it('creates a buyer and a seller who can then log in; set-seller switches the flag both ways', async () => {
    expect(
      await usersCreate(
        ['--email', 'Ana@Example.com', '--username', 'ana', '--password', 'Secreta123'],
        database.env,
      ),
    ).toMatch(/^Created user #\d+ ana <ana@example.com>\./);
    expect(
      await usersCreate(
        ['--email', 'vera@example.com', '--username', 'vera', '--password', 'Secreta123', '--seller'],
        database.env,
      ),
    ).toMatch(/as a seller/);
    expect(await usersSetSeller(['--email', 'ana@example.com'], database.env)).toMatch(/is now a seller/);
    expect(await usersSetSeller(['--email', 'vera@example.com', '--off'], database.env)).toMatch(
      /no longer a seller/,
    );

    const t = await startTestApp({ env: database.env });
    try {
      const ana = await t.login('ana@example.com', 'Secreta123');
      const vera = await t.login('vera@example.com', 'Secreta123');
      expect((await t.request('GET', '/api/users/profile/check_seller', { token: ana })).body).toBe(true);
      expect((await t.request('GET', '/api/users/profile/check_seller', { token: vera })).body).toBe(false);
      const stored = await t.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', 'ana')
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^scrypt\$/);
    } finally {
      await t.app.close();
    }
  });

  const refused: Array<[string, string[], RegExp]> = [
    ['a missing --email', ['--username', 'xuno', '--password', 'Secreta123'], /Missing --email/],
    ['a missing --username', ['--email', 'x1@example.com', '--password', 'Secreta123'], /Missing --username/],
    ['a missing --password', ['--email', 'x1@example.com', '--username', 'xuno'], /Missing --password/],
    [
      'a password under 8 characters',
      ['--email', 'x1@example.com', '--username', 'xuno', '--password', 'Corta12'],
      /at least 8 characters/,
    ],
    [
      'a malformed email',
      ['--email', 'no-es-correo', '--username', 'xuno', '--password', 'Secreta123'],
      /Invalid email/,
    ],
    [
      'a username with spaces',
      ['--email', 'x1@example.com', '--username', 'a b', '--password', 'Secreta123'],
      /Invalid username/,
    ],
    [
      'an unknown flag',
      ['--email', 'x1@example.com', '--username', 'xuno', '--password', 'Secreta123', '--admin'],
      /Unknown option/,
    ],
    [
      'a duplicate email (any case)',
      ['--email', 'ANA@example.com', '--username', 'otra', '--password', 'Secreta123'],
      /already exists/,
    ],
    [
      'a duplicate username (any case)',
      ['--email', 'otra@example.com', '--username', 'ANA', '--password', 'Secreta123'],
      /already taken/,
    ],
  ];
  it.each(refused)('users:create refuses %s', async (_name, args, message) => {
    await expect(usersCreate(args, database.env)).rejects.toThrow(message);
  });

  it('users:set-seller refuses a missing or unknown email', async () => {
    await expect(usersSetSeller([], database.env)).rejects.toThrow(/Missing --email/);
    await expect(usersSetSeller(['--email', 'nadie@example.com'], database.env)).rejects.toThrow(
      /No user with the email/,
    );
  });

  it('refuses to open the embedded database while a server answers on the configured port', async () => {
    if (testDatabaseKind() === 'postgres') return; // PostgreSQL is shared safely.
    const t = await startTestApp();
    try {
      const port = new URL(t.url).port;
      await expect(
        usersCreate(['--email', 'y@example.com', '--username', 'yuno', '--password', 'Secreta123'], {
          ...database.env,
          PORT: port,
        }),
      ).rejects.toThrow(/stop the server/);
    } finally {
      await t.close();
    }
  });

  it('as a real command: one line on stdout and exit 0; "Error: …" on stderr and exit 1', async () => {
    const tsx = path.join(serverDir, 'node_modules/.bin/tsx');
    const bin = (await import('node:fs')).existsSync(tsx)
      ? tsx
      : path.resolve(serverDir, '../../node_modules/.bin/tsx');
    const childEnv = { ...process.env, ...database.env };
    const ok = await run(
      bin,
      [
        'src/cli/users-create.ts',
        '--email',
        'cmd@example.com',
        '--username',
        'cmd',
        '--password',
        'Secreta123',
      ],
      { cwd: serverDir, env: childEnv },
    );
    expect(ok.stdout.trim().split('\n')).toHaveLength(1);
    expect(ok.stdout).toMatch(/Created user #\d+ cmd <cmd@example.com>/);

    const failed = await run(
      bin,
      ['src/cli/users-create.ts', '--email', 'cmd2@example.com', '--username', 'cmd2', '--password', 'corta'],
      {
        cwd: serverDir,
        env: childEnv,
      },
    ).then(
      () => null,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failed).not.toBeNull();
    expect(failed!.code).toBe(1);
    expect(failed!.stderr).toMatch(/^Error: The password must have at least 8 characters/);
    expect(failed!.stdout).toBe('');
  });
});
