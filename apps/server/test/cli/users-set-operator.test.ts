import { describe, expect, it } from 'vitest';
import { usersCreate } from '../../src/cli/users-create.ts';
import { usersSetOperator } from '../../src/cli/users-set-operator.ts';
import { startTestApp } from '../support/build-app.ts';
import { cliDatabaseForFile } from '../support/cli-database.ts';

describe('users:set-operator', () => {
  const database = cliDatabaseForFile('coleccionables-cli-op-');

  it('gives the operator role and takes it away; the console follows', async () => {
    await usersCreate(
      ['--email', 'Opa@Example.com', '--username', 'opa', '--password', 'Secreta123'],
      database.env,
    );
    await usersCreate(
      ['--email', 'ex@example.com', '--username', 'ex_operador', '--password', 'Secreta123'],
      database.env,
    );
    expect(await usersSetOperator(['--email', 'OPA@example.com'], database.env)).toMatch(
      /is now an operator/,
    );
    expect(await usersSetOperator(['--email', 'ex@example.com'], database.env)).toMatch(/is now an operator/);
    expect(await usersSetOperator(['--email', 'ex@example.com', '--off'], database.env)).toMatch(
      /no longer an operator/,
    );

    const t = await startTestApp({ env: database.env });
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
    await expect(usersSetOperator([], database.env)).rejects.toThrow(/Missing --email/);
    await expect(usersSetOperator(['--email', 'no-es-correo'], database.env)).rejects.toThrow(
      /Invalid email/,
    );
    await expect(usersSetOperator(['--email', 'nadie@example.com'], database.env)).rejects.toThrow(
      /No user with the email/,
    );
    await expect(usersSetOperator(['--email', 'opa@example.com', '--root'], database.env)).rejects.toThrow(
      /Unknown option/,
    );
  });
});
