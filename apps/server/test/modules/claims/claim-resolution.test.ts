import { claimMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShippingAddress } from '../../factories/payments.ts';
import { insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';
import { openedClaim, shippedSale } from './claims-support.ts';

/** An operator settling claims: never their own, and a retried call settles once. */
describe('an operator resolving a claim', { timeout: 240_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let operator: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'cr_vendedor' });
    buyer = await insertBuyer(t, 'cr_comprador');
    operator = await insertOperator(t, 'cr_operadora');
    other = await insertOperator(t, 'cr_operador_otro');
    // The operator also buys and sells on the marketplace.
    await t.ctx.db.updateTable('users').set({ is_seller: true }).where('id', '=', operator.user.id).execute();
    await insertShippingAddress(t.ctx.db, operator.user.id, { is_default: true });
  }, 300_000);
  afterAll(() => t?.close());

  const resolve = (who: TestUser, claimId: number, headers?: Record<string, string>) =>
    t.request('POST', `/api/admin/claims/${claimId}/resolve`, {
      token: who.token,
      body: { outcome: 'release', note: 'Revisadas las fotos del envío' },
      ...(headers ? { headers } : {}),
    });

  it('may not resolve a claim where they are the buyer (403); another operator may', async () => {
    const { product } = await shippedSale(t, seller, operator, 'Pokémon Mew Promo');
    const claim = await openedClaim(t, operator, product.id);
    const own = await resolve(operator, claim.id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(claimMessages.ownClaim);
    const status = await t.ctx.db
      .selectFrom('claims')
      .select('status')
      .where('id', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('open');
    expect((await resolve(other, claim.id)).status).toBe(200);
  });

  it('may not resolve a claim where they are the seller (403)', async () => {
    const { product } = await shippedSale(t, operator, buyer, 'Yu-Gi-Oh Mago Oscuro');
    const claim = await openedClaim(t, buyer, product.id);
    const own = await resolve(operator, claim.id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(claimMessages.ownClaim);
    const audit = await t.ctx.db
      .selectFrom('operator_audit')
      .select('id')
      .where('target_type', '=', 'claim')
      .where('target_id', '=', String(claim.id))
      .execute();
    expect(audit).toEqual([]);
  });

  it('sent twice with one Idempotency-Key resolves once and answers the first answer again', async () => {
    const { product } = await shippedSale(t, seller, buyer, 'Hot Wheels Reintento');
    const claim = await openedClaim(t, buyer, product.id);
    const headers = { 'idempotency-key': 'resolver-1' };
    const first = await resolve(operator, claim.id, headers);
    expect(first.status).toBe(200);
    const again = await resolve(operator, claim.id, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const audit = await t.ctx.db
      .selectFrom('operator_audit')
      .select('id')
      .where('target_type', '=', 'claim')
      .where('target_id', '=', String(claim.id))
      .execute();
    expect(audit).toHaveLength(1);
  });
});
