import { adminMessages, userMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../factories/sales.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from './operator-support.ts';

let t: TestApp;
let operator: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  operator = await insertOperator(t, 'operadora_invita');
});
afterAll(async () => {
  await t?.close();
});

const invite = (body: unknown) => t.request('POST', '/api/admin/users', { token: operator.token, body });
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('invitations', () => {
  it('creates the account without a password and a one-time link that logs the person in', async () => {
    const res = await invite({
      email: 'Nueva.Vendedora@Example.com',
      username: 'nueva_vendedora',
      is_seller: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.invite_url).toMatch(new RegExp(`^${t.url}/invite/[A-Za-z0-9_-]{40,}$`));
    const token = tokenOf(res.body.invite_url);

    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', res.body.user_id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: 'nueva.vendedora@example.com',
      username: 'nueva_vendedora',
      is_seller: true,
    });
    // Only the token's hash is stored.
    const stored = await t.ctx.db
      .selectFrom('invitations')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    // Nobody logs in before the password is chosen, whatever they type.
    for (const password of ['', 'x', 'undefined', 'null']) {
      const login = await t.request('POST', '/api/users/login', { body: { email: user.email, password } });
      expect([400, 401]).toContain(login.status);
    }

    const seen = await t.request('GET', `/api/invitations/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ email: 'nueva.vendedora@example.com', username: 'nueva_vendedora' });

    const short = await t.request('POST', `/api/invitations/${token}/accept`, {
      body: { new_password: 'corta' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(userMessages.passwordTooShort);
    const missing = await t.request('POST', `/api/invitations/${token}/accept`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(userMessages.newPasswordRequired);

    const [a, b] = await Promise.all([
      t.request('POST', `/api/invitations/${token}/accept`, { body: { new_password: 'MiClave2026!' } }),
      t.request('POST', `/api/invitations/${token}/accept`, { body: { new_password: 'OtraClave2026!' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
    const accepted = a.status === 200 ? a : b;
    const profile = await t.request('GET', '/api/users/profile', { token: accepted.body.jwt_token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ username: 'nueva_vendedora', is_seller: true, is_operator: false });
    const chosen = a.status === 200 ? 'MiClave2026!' : 'OtraClave2026!';
    expect((await t.login('nueva.vendedora@example.com', chosen)).length).toBeGreaterThan(20);

    const used = await t.request('GET', `/api/invitations/${token}`);
    expect(used.status).toBe(410);
    expect(used.body.message).toBe(adminMessages.invitationUsed);
    const reuse = await t.request('POST', `/api/invitations/${token}/accept`, {
      body: { new_password: 'Tercera2026!' },
    });
    expect(reuse.status).toBe(410);

    const audit = await t.request('GET', '/api/admin/audit', { token: operator.token });
    expect(audit.body.items[0]).toMatchObject({
      action: 'invite',
      target_type: 'user',
      target_id: String(user.id),
      actor_username: 'operadora_invita',
    });
    const users = await t.request('GET', '/api/admin/users?query=NUEVA_vend', { token: operator.token });
    expect(users.body.items).toEqual([
      expect.objectContaining({
        username: 'nueva_vendedora',
        has_password: true,
        status: 'active',
        is_seller: true,
      }),
    ]);
  });

  it('refuses a taken e-mail or username (any case), a bad username, and an unknown link', async () => {
    expect((await invite({ email: 'operadora_invita@test.dev', username: 'cualquiera' })).status).toBe(409);
    const taken = await invite({ email: 'libre@example.com', username: 'OPERADORA_INVITA' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(adminMessages.usernameTaken);
    const bad = await invite({ email: 'libre@example.com', username: 'con espacios' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(adminMessages.usernameInvalid);
    const badEmail = await invite({ email: 'no-es-correo', username: 'valido' });
    expect(badEmail.status).toBe(400);
    const both = await Promise.all([
      invite({ email: 'doble@example.com', username: 'doble_uno' }),
      invite({ email: 'doble@example.com', username: 'doble_dos' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);

    const unknown = await t.request('GET', '/api/invitations/no-existe-este-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(adminMessages.invitationNotFound);
    const acceptUnknown = await t.request('POST', '/api/invitations/no-existe/accept', {
      body: { new_password: 'Valida2026!' },
    });
    expect(acceptUnknown.status).toBe(404);
  });

  it('a suspended invited account cannot accept', async () => {
    const res = await invite({ email: 'suspendida@example.com', username: 'invitada_suspendida' });
    await t.ctx.db
      .updateTable('users')
      .set({ suspended_at: new Date() })
      .where('id', '=', res.body.user_id)
      .execute();
    const accept = await t.request('POST', `/api/invitations/${tokenOf(res.body.invite_url)}/accept`, {
      body: { new_password: 'Valida2026!' },
    });
    expect(accept.status).toBe(403);
    expect(accept.body.message).toBe(adminMessages.suspended);
  });

  it('a link is good for 7 days', async () => {
    const res = await invite({ email: 'tarde@example.com', username: 'invitado_tarde' });
    const token = tokenOf(res.body.invite_url);
    await t.advanceClock(7 * 24 * 3600 - 60);
    expect((await t.request('GET', `/api/invitations/${token}`)).status).toBe(200);
    await t.advanceClock(61);
    const expired = await t.request('GET', `/api/invitations/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(adminMessages.invitationExpired);
    const accept = await t.request('POST', `/api/invitations/${token}/accept`, {
      body: { new_password: 'Valida2026!' },
    });
    expect(accept.status).toBe(410);
  });
});

describe('the invitation link with PUBLIC_URL', () => {
  it('points at the public site, not the request origin', async () => {
    const app = await startTestApp({ env: { PUBLIC_URL: 'https://coleccionables.example/' } });
    try {
      const op = await insertOperator(app, 'operador_publico');
      const res = await app.request('POST', '/api/admin/users', {
        token: op.token,
        body: { email: 'publica@example.com', username: 'invitada_publica' },
      });
      expect(res.status).toBe(201);
      expect(res.body.invite_url).toMatch(/^https:\/\/coleccionables\.example\/invite\/[A-Za-z0-9_-]+$/);
    } finally {
      await app.close();
    }
  });
});
