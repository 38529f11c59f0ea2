import { CONTACT_SAFETY_MESSAGE } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { LONG_ENOUGH, openClaim, shippedSale } from './claims-support.ts';

/** Claims where other features meet them: contact safety, retries, personal data. */
describe('claims beyond their own calls', { timeout: 240_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let claimId: number;
  let productId: number;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'ce_vendedor' });
    buyer = await insertBuyer(t, 'ce_comprador');
    const { product } = await shippedSale(t, seller, buyer, 'Charizard holográfica');
    productId = product.id;
    const opened = await t.request('POST', '/api/claims', {
      token: buyer.token,
      headers: { 'idempotency-key': 'reclamo-1' },
      body: { product_id: productId, reason: 'danado', description: LONG_ENOUGH },
    });
    expect(opened.status).toBe(201);
    claimId = opened.body.id;
  }, 300_000);
  afterAll(() => t?.close());

  it('opening again with the same Idempotency-Key answers the same claim; without it, 409', async () => {
    const again = await t.request('POST', '/api/claims', {
      token: buyer.token,
      headers: { 'idempotency-key': 'reclamo-1' },
      body: { product_id: productId, reason: 'danado', description: LONG_ENOUGH },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(claimId);
    const fresh = await openClaim(t, buyer.token, {
      product_id: productId,
      reason: 'danado',
      description: LONG_ENOUGH,
    });
    expect(fresh.status).toBe(409);
  });

  it('refuses contact data in a claim message or description, and keeps the claim as it was', async () => {
    for (const text of ['Escríbeme al 310 555 1234', 'mi correo es juan arroba gmail punto com']) {
      const res = await t.request('POST', `/api/claims/${claimId}/messages`, {
        token: seller.token,
        body: { text },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContain(CONTACT_SAFETY_MESSAGE);
    }
    const claim = await t.request('GET', `/api/claims/${claimId}`, { token: buyer.token });
    expect(claim.body.messages).toEqual([]);
    const fine = await t.request('POST', `/api/claims/${claimId}/messages`, {
      token: seller.token,
      body: { text: 'La envié el lunes por Servientrega, guía HW-2023-145.' },
    });
    expect(fine.status).toBe(201);
  });

  it('an open claim is in both parties’ data exports and keeps either account from being deleted', async () => {
    for (const user of [buyer, seller]) {
      const exported = await t.request('GET', '/api/users/me/export', { token: user.token });
      expect(exported.status).toBe(200);
      expect((exported.body.claims as any[]).map((c) => c.id)).toContain(claimId);
    }
    const refused = await t.request('POST', '/api/users/me/delete', {
      token: buyer.token,
      body: { password: TEST_PASSWORD },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.open).toContainEqual(expect.objectContaining({ type: 'claim', id: claimId }));
  });
});
