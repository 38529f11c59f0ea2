import { adminMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../factories/products.ts';
import type { TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import type { TestApp } from '../../support/build-app.ts';
import { startModerationApp } from './operator-support.ts';

let t: TestApp, operator: TestUser, seller: TestUser, bidderA: TestUser, bidderB: TestUser;
beforeAll(async () => void ({ t, operator, seller, bidderA, bidderB } = await startModerationApp()));
afterAll(() => t?.close());

describe('reports', () => {
  it('any logged-in user reports; one open report per reporter and target, even sent at once', async () => {
    const product = await insertProduct(t.ctx.db, seller.user.id, { name: 'Figura Sospechosa' });
    const body = {
      target_type: 'product',
      target_id: product.id,
      reason: 'prohibido',
      comment: 'Parece réplica',
    };
    expect((await t.request('POST', '/api/reports', { body })).status).toBe(401);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.request('POST', '/api/reports', { token: bidderA.token, body })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(adminMessages.reportDuplicate);
    // Someone else may report the same thing.
    expect((await t.request('POST', '/api/reports', { token: bidderB.token, body })).status).toBe(201);

    const own = await t.request('POST', '/api/reports', { token: seller.token, body });
    expect(own.status).toBe(400);
    const missing = await t.request('POST', '/api/reports', {
      token: bidderA.token,
      body: { ...body, target_id: 999_999 },
    });
    expect(missing.status).toBe(404);
    const badReason = await t.request('POST', '/api/reports', {
      token: bidderA.token,
      body: { ...body, reason: 'aburrido' },
    });
    expect(badReason.status).toBe(400);
    const user = await t.request('POST', '/api/reports', {
      token: bidderA.token,
      body: { target_type: 'user', target_id: seller.user.id, reason: 'fraude' },
    });
    expect(user.status).toBe(201);

    const open = await t.request('GET', '/api/admin/reports?status=open', { token: operator.token });
    expect(open.status).toBe(200);
    const productReport = open.body.items.find(
      (r: { target_id: number; reporter_username: string }) =>
        r.target_id === product.id && r.reporter_username === 'postor_a',
    );
    expect(productReport).toMatchObject({
      target_type: 'product',
      target_name: 'Figura Sospechosa',
      target_link: `/products/buy/${product.id}`,
      reason: 'prohibido',
      comment: 'Parece réplica',
      status: 'open',
      resolution: null,
    });
    const userReport = open.body.items.find((r: { target_type: string }) => r.target_type === 'user');
    expect(userReport).toMatchObject({
      target_name: 'vendedor_mod',
      target_link: '/public-profile/vendedor_mod',
    });

    // Dismissed: resolved once, then a 409; the reporter may report again.
    const dismissed = await t.request('POST', `/api/admin/reports/${productReport.id}/resolve`, {
      token: operator.token,
      body: { action: 'dismiss', note: 'Es original, con certificado' },
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.report).toMatchObject({
      status: 'resolved',
      resolution: 'dismiss',
      resolution_note: 'Es original, con certificado',
      resolved_by_username: 'operadora_moderacion',
    });
    const again = await t.request('POST', `/api/admin/reports/${productReport.id}/resolve`, {
      token: operator.token,
      body: { action: 'dismiss', note: 'x' },
    });
    expect(again.status).toBe(409);
    expect((await t.request('POST', '/api/reports', { token: bidderA.token, body })).status).toBe(201);

    // A takedown does not apply to a user; suspending the user does.
    const wrongAction = await t.request('POST', `/api/admin/reports/${userReport.id}/resolve`, {
      token: operator.token,
      body: { action: 'takedown', note: 'x' },
    });
    expect(wrongAction.status).toBe(400);
    const resolved = await t.request('GET', '/api/admin/reports?status=resolved', { token: operator.token });
    expect(resolved.body.items.map((r: { id: number }) => r.id)).toEqual([productReport.id]);
  });

  it('resolving with takedown removes the product; with suspend suspends the owner; both audited', async () => {
    const owner = await insertUserWithToken(t, { username: 'duena_denunciada', is_seller: true });
    const product = await insertProduct(t.ctx.db, owner.user.id, { name: 'Denunciado Para Retirar' });
    const other = await insertProduct(t.ctx.db, owner.user.id, { name: 'Otro De La Duena' });
    const first = await t.request('POST', '/api/reports', {
      token: bidderB.token,
      body: { target_type: 'product', target_id: product.id, reason: 'fraude' },
    });
    const second = await t.request('POST', '/api/reports', {
      token: bidderB.token,
      body: { target_type: 'product', target_id: other.id, reason: 'contacto' },
    });
    const down = await t.request('POST', `/api/admin/reports/${first.body.id}/resolve`, {
      token: operator.token,
      body: { action: 'takedown', note: 'Estafa comprobada' },
    });
    expect(down.status).toBe(200);
    expect(down.body.report.resolution).toBe('takedown');
    const row = await t.ctx.db
      .selectFrom('products')
      .select(['status', 'takedown_reason'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', takedown_reason: 'Estafa comprobada' });

    const suspended = await t.request('POST', `/api/admin/reports/${second.body.id}/resolve`, {
      token: operator.token,
      body: { action: 'suspend', note: 'Pide WhatsApp a todos' },
    });
    expect(suspended.status).toBe(200);
    expect((await t.request('GET', '/api/users/profile', { token: owner.token })).status).toBe(401);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('suspended_at')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(user.suspended_at).not.toBeNull();

    const audit = await t.request('GET', '/api/admin/audit?size=4', { token: operator.token });
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual([
      'resolve_report',
      'suspend',
      'resolve_report',
      'takedown',
    ]);
  });
});
