import { shippingAddressMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShippingAddress } from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

const valid = {
  address: 'Calle 10 # 43-20',
  city: 'Medellín',
  state: 'Antioquia',
  country: 'Colombia',
  postal_code: '050021',
};

describe('shipping addresses', () => {
  let t: TestApp;
  let ana: User;
  let beto: User;

  beforeAll(async () => {
    t = await startTestApp();
    ana = await insertUserWithToken(t, { username: 'dir_ana' });
    beto = await insertUserWithToken(t, { username: 'dir_beto' });
  });
  afterAll(() => t?.close());

  const list = (token: string) => t.request('GET', '/api/shipping-addresses/get/user', { token });
  const create = (token: string, body: unknown) =>
    t.request('POST', '/api/shipping-addresses/', { token, body });
  const defaults = async (userId: number) =>
    (
      await t.ctx.db
        .selectFrom('shipping_addresses')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .execute()
    ).map((r) => r.id);

  it('answers 404 while the user has none', async () => {
    const res = await list(ana.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(m.none);
  });

  it('makes the first address the default; later ones only when asked', async () => {
    const first = await create(ana.token, { ...valid, is_default: false });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      message: m.createSuccess,
      address: expect.objectContaining({ ...valid, is_default: true, id: expect.any(Number) }),
    });
    const second = await create(ana.token, { ...valid, city: 'Envigado', address: '  Cra 43A # 1-50  ' });
    expect(second.body.address).toMatchObject({
      city: 'Envigado',
      address: 'Cra 43A # 1-50',
      is_default: false,
    });
    const third = await t.request('POST', '/api/shipping-addresses', {
      token: ana.token,
      body: { ...valid, city: 'Itagüí', is_default: true },
    });
    expect(third.status).toBe(201);
    expect(third.body.address.is_default).toBe(true);

    const res = await list(ana.token);
    expect(res.status).toBe(200);
    expect(res.body.map((a: any) => [a.city, a.is_default])).toEqual([
      ['Itagüí', true],
      ['Envigado', false],
      ['Medellín', false],
    ]);
    expect(await defaults(ana.user.id)).toEqual([third.body.address.id]);
  });

  it('switches the default in one step: exactly one default afterwards', async () => {
    const all = (await list(ana.token)).body as any[];
    const target = all.find((a) => a.city === 'Envigado');
    const res = await t.request('PUT', `/api/shipping-addresses/${target.id}`, {
      token: ana.token,
      body: { is_default: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: m.setDefaultSuccess,
      address: expect.objectContaining({ is_default: true }),
    });
    expect(await defaults(ana.user.id)).toEqual([target.id]);

    // Concurrent switches still leave one default.
    const ids = all.map((a) => a.id);
    const results = await Promise.all(
      ids.map((id) =>
        t.request('PUT', `/api/shipping-addresses/${id}`, { token: ana.token, body: { is_default: true } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(await defaults(ana.user.id)).toHaveLength(1);
  });

  it('edits the fields; turning the default off is ignored', async () => {
    const all = (await list(ana.token)).body as any[];
    const current = all.find((a) => a.is_default);
    const res = await t.request('PUT', `/api/shipping-addresses/${current.id}`, {
      token: ana.token,
      body: { ...valid, city: 'Sabaneta', postal_code: '055450', is_default: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: m.updateSuccess,
      address: expect.objectContaining({ city: 'Sabaneta', postal_code: '055450', is_default: true }),
    });
    const other = all.find((a) => !a.is_default);
    const promote = await t.request('PUT', `/api/shipping-addresses/${other.id}`, {
      token: ana.token,
      body: { ...valid, is_default: true },
    });
    expect(promote.body.address.is_default).toBe(true);
    expect(await defaults(ana.user.id)).toEqual([other.id]);
  });

  it('deleting the default promotes another; deleting the last leaves none', async () => {
    let all = (await list(ana.token)).body as any[];
    const theDefault = all.find((a) => a.is_default);
    const res = await t.request('DELETE', `/api/shipping-addresses/${theDefault.id}`, { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: m.deleteSuccess });
    all = (await list(ana.token)).body;
    expect(all).toHaveLength(2);
    expect(all.filter((a) => a.is_default)).toHaveLength(1);

    const plain = all.find((a) => !a.is_default);
    await t.request('DELETE', `/api/shipping-addresses/${plain.id}`, { token: ana.token });
    all = (await list(ana.token)).body;
    expect(all).toEqual([expect.objectContaining({ is_default: true })]);
    await t.request('DELETE', `/api/shipping-addresses/${all[0].id}`, { token: ana.token });
    expect((await list(ana.token)).status).toBe(404);
  });

  it('gives every validation message; whitespace-only counts as empty', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ address: '' }, m.addressRequired],
      [{ address: '   ' }, m.addressRequired],
      [{ city: undefined }, m.cityRequired],
      [{ city: '\t' }, m.cityRequired],
      [{ state: ' ' }, m.stateRequired],
      [{ country: '' }, m.countryRequired],
      [{ postal_code: '  ' }, m.postalCodeRequired],
    ];
    for (const [override, message] of cases) {
      const res = await create(beto.token, { ...valid, ...override });
      expect(res.status).toBe(400);
      const field = Object.keys(override)[0]!;
      expect(res.body).toEqual({
        message,
        code: 'VALIDATION_FAILED',
        errors: [message],
        fields: { [field]: message },
      });
    }
    const empty = await create(beto.token, {});
    expect(empty.body.errors).toEqual([
      m.addressRequired,
      m.cityRequired,
      m.stateRequired,
      m.countryRequired,
      m.postalCodeRequired,
    ]);
    const mine = await insertShippingAddress(t.ctx.db, beto.user.id, { is_default: true });
    const update = await t.request('PUT', `/api/shipping-addresses/${mine.id}`, {
      token: beto.token,
      body: { ...valid, country: ' ' },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(m.countryRequired);
    // Hostile input: too long, wrong types, a script.
    expect((await create(beto.token, { ...valid, city: 'x'.repeat(500) })).status).toBe(400);
    expect((await create(beto.token, { ...valid, is_default: 'yes' })).status).toBe(400);
    const script = await create(beto.token, { ...valid, address: '<script>alert(1)</script>' });
    expect(script.status).toBe(201);
    expect(script.body.address.address).toBe('<script>alert(1)</script>');
    expect((await t.request('POST', '/api/shipping-addresses/', { body: valid })).status).toBe(401);
  });

  it('is owner only: another user’s address is a 404 and stays as it was', async () => {
    const theirs = await insertShippingAddress(t.ctx.db, beto.user.id, { city: 'Tunja' });
    for (const [method, body] of [
      ['PUT', { is_default: true }],
      ['PUT', valid],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request(method, `/api/shipping-addresses/${theirs.id}`, { token: ana.token, body });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.notFound);
    }
    const row = await t.ctx.db
      .selectFrom('shipping_addresses')
      .selectAll()
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ city: 'Tunja', is_default: false, user_id: beto.user.id });
    for (const bad of ['abc', '0', '99999999', '1.5']) {
      expect((await t.request('DELETE', `/api/shipping-addresses/${bad}`, { token: ana.token })).status).toBe(
        404,
      );
    }
  });

  it('keeps one default when the first addresses are added at the same moment', async () => {
    const carla = await insertUserWithToken(t, { username: 'dir_carla' });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create(carla.token, { ...valid, city: `Ciudad ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await defaults(carla.user.id)).toHaveLength(1);
  });

  it('caps the list at 20 addresses', async () => {
    const dani = await insertUserWithToken(t, { username: 'dir_dani' });
    for (let i = 0; i < 20; i++) await insertShippingAddress(t.ctx.db, dani.user.id, { is_default: i === 0 });
    const res = await create(dani.token, valid);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.tooMany);
  });
});
