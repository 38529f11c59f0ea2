import { bidMessages, commonMessages, productMessages } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../factories/auctions.ts';
import { pngDataUrl } from '../factories/images.ts';
import { createProductPayload, referenceIds } from '../factories/products.ts';
import { insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('error bodies: {message, code, errors?, fields?}', () => {
  let t: TestApp;
  let seller: User;
  let ana: User;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'err_vendedora' });
    ana = await insertUserWithToken(t, { username: 'err_ana' });
  });
  afterAll(() => t?.close());

  it('a validation failure carries VALIDATION_FAILED and each field with its message', async () => {
    const ids = await referenceIds(t.ctx.db);
    const body = createProductPayload(ids, await pngDataUrl(), { name: '   ', year: undefined });
    const res = await t.request('POST', '/api/products/create', { token: seller.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: productMessages.nameRequired,
      code: 'VALIDATION_FAILED',
      errors: [productMessages.nameRequired, productMessages.yearRequired],
      fields: { name: productMessages.nameRequired, year: productMessages.yearRequired },
    });
  });

  it('a rule of a service that names a field puts its message under that field', async () => {
    const ids = await referenceIds(t.ctx.db);
    const body = createProductPayload(ids, await pngDataUrl(), { brand_id: ids.brand.Funko });
    const res = await t.request('POST', '/api/products/create', { token: seller.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: productMessages.brandNotInCategory,
      code: 'VALIDATION_FAILED',
      errors: [productMessages.brandNotInCategory],
      fields: { brand_id: productMessages.brandNotInCategory },
    });
  });

  it('an AppError carries its own code (and no fields when it names none)', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now() });
    const own = await t.request('POST', '/api/bids/create-bid', {
      token: seller.token,
      body: { amount: 1000, auction_id: auction.id, product_id: products[0]!.id },
    });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: bidMessages.ownProduct, code: 'OWN_PRODUCT' });
    const missing = await t.request('POST', '/api/bids/create-bid', {
      token: ana.token,
      body: { amount: 1000, auction_id: 999_999, product_id: products[0]!.id },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: bidMessages.auctionNotFound, code: 'AUCTION_NOT_FOUND' });
  });

  it('the framework’s own refusals carry codes too: 401, unknown route, malformed JSON', async () => {
    const anonymous = await t.request('GET', '/api/users/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: commonMessages.unauthorized, code: 'UNAUTHORIZED' });
    const unknown = await t.request('GET', '/api/no-existe');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: commonMessages.notFound, code: 'NOT_FOUND' });
    const malformed = await t.request('POST', '/api/bids/create-bid', {
      token: ana.token,
      rawBody: '{"amount":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: commonMessages.invalidInput, code: 'INVALID_INPUT' });
  });

  it('a 5xx body says only that something failed: no error text, no stack', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now() });
    await sql`
      create or replace function err_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'secreto interno: tabla bids'; end $$`.execute(t.ctx.db);
    await sql`create trigger err_test_fail before insert on bids for each row execute function err_test_fail()`.execute(
      t.ctx.db,
    );
    try {
      const res = await t.request('POST', '/api/bids/create-bid', {
        token: ana.token,
        body: { amount: 1000, auction_id: auction.id, product_id: products[0]!.id },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: commonMessages.internal, code: 'INTERNAL_ERROR' });
      expect(JSON.stringify(res.body)).not.toContain('secreto');
    } finally {
      await sql`drop trigger err_test_fail on bids`.execute(t.ctx.db);
    }
  });

  it('the API reference shows the error shape and the codes a call declares', async () => {
    const doc = await t.request('GET', '/api/openapi.json');
    const place = doc.body.paths['/api/bids/create-bid'].post;
    expect(place.description).toContain('BID_REJECTED');
    const error = place.responses['409'].content['application/json'].schema;
    expect(Object.keys(error.properties)).toEqual(
      expect.arrayContaining(['message', 'code', 'errors', 'fields']),
    );
    expect(place.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
  });
});
