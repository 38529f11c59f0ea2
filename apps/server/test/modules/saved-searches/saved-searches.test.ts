import { catalogMessages, savedSearchMessages as m, SAVED_SEARCH_LIMIT } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../factories/images.ts';
import { createProductPayload, type ReferenceIds, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

let t: TestApp;
let ids: ReferenceIds;
let image: string;
beforeAll(async () => {
  t = await startTestApp();
  ids = await referenceIds(t.ctx.db);
  image = await pngDataUrl();
});
afterAll(() => t?.close());

const save = (who: User | undefined, body: unknown, headers?: Record<string, string>) =>
  t.request('POST', '/api/saved-searches', { token: who?.token, body, headers });
const list = (who: User) => t.request('GET', '/api/saved-searches', { token: who.token });

describe('saving, listing and deleting searches', () => {
  let ana: User;
  let beto: User;
  beforeAll(async () => {
    ana = await insertUserWithToken(t, { username: 'ana_busca' });
    beto = await insertUserWithToken(t, { username: 'beto_busca' });
  });

  it('saves a view with its name trimmed and lists it newest first, with names and the link', async () => {
    const first = await save(ana, { name: '  Hot Wheels 1:64  ', filters: { q: 'hot wheels' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Hot Wheels 1:64',
      filters: { q: 'hot wheels', kind: 'all', sort: 'newest' },
      link: '/explorar?q=hot+wheels',
    });
    const second = await save(ana, {
      name: 'Subastas de Hot Wheels baratas',
      filters: {
        kind: 'auction',
        category_id: ids.category['Autos die-cast'],
        brand_id: ids.brand['Hot Wheels'],
        scale_id: ids.scale['1:64'],
        max_price: 50000,
        sort: 'price_asc',
        page: 3,
      },
    });
    expect(second.status).toBe(201);
    expect(second.body.filters).not.toHaveProperty('page');
    expect(second.body.names).toEqual({ category: 'Autos die-cast', brand: 'Hot Wheels', scale: '1:64' });
    expect(second.body.link).toBe(
      `/explorar?kind=auction&category_id=${ids.category['Autos die-cast']}&brand_id=${ids.brand['Hot Wheels']}` +
        `&scale_id=${ids.scale['1:64']}&max_price=50000&sort=price_asc`,
    );

    const mine = await list(ana);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((s: { id: number }) => s.id)).toEqual([second.body.id, first.body.id]);
    expect((await list(beto)).body.items).toEqual([]);
    expect((await t.request('GET', '/api/saved-searches')).status).toBe(401);
    expect((await save(undefined, { name: 'x', filters: {} })).status).toBe(401);
  });

  it('refuses a missing or too long name and filters browsing would refuse, in Spanish', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '   ', filters: {} }, m.nameRequired],
      [{ filters: {} }, m.nameRequired],
      [{ name: 'x'.repeat(61), filters: {} }, m.nameTooLong],
      [{ name: 'Sin filtros' }, m.filtersRequired],
      [{ name: 'Orden raro', filters: { sort: 'random' } }, catalogMessages.sortInvalid],
      [{ name: 'Al revés', filters: { min_price: 10, max_price: 5 } }, catalogMessages.priceRange],
      [{ name: 'Largo', filters: { q: 'a'.repeat(101) } }, catalogMessages.termTooLong],
      [{ name: 'Id', filters: { category_id: -1 } }, catalogMessages.idInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await save(beto, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toContain(message);
    }
    expect((await list(beto)).body.items).toEqual([]);
  });

  it("deletes the owner's search only: another user's id is a 404 and stays", async () => {
    const created = await save(beto, { name: 'Charizard', filters: { q: 'charizard' } });
    const id = created.body.id;
    const stranger = await t.request('DELETE', `/api/saved-searches/${id}`, { token: ana.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(m.notFound);
    expect((await list(beto)).body.items).toHaveLength(1);
    expect((await t.request('DELETE', '/api/saved-searches/abc', { token: beto.token })).status).toBe(400);

    const own = await t.request('DELETE', `/api/saved-searches/${id}`, { token: beto.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ id, message: m.deleted });
    expect((await list(beto)).body.items).toEqual([]);
    expect((await t.request('DELETE', `/api/saved-searches/${id}`, { token: beto.token })).status).toBe(404);
  });

  it('keeps at most 20 per user, also when saves race', async () => {
    const carla = await insertUserWithToken(t, { username: 'carla_limite' });
    for (let i = 0; i < SAVED_SEARCH_LIMIT - 3; i++)
      expect((await save(carla, { name: `Búsqueda ${i}`, filters: { q: `termino ${i}` } })).status).toBe(201);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(carla, { name: `Carrera ${i}`, filters: {} })),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of burst.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: m.limitReached, code: 'SAVED_SEARCH_LIMIT' });
    }
    expect((await list(carla)).body.items).toHaveLength(SAVED_SEARCH_LIMIT);
  });

  it("is part of the user's personal-data export and goes with the account", async () => {
    const hugo = await insertUserWithToken(t, { username: 'hugo_exporta' });
    await save(hugo, { name: 'Bburago', filters: { q: 'bburago', max_price: 90000 } });
    const exported = await t.request('GET', '/api/users/me/export', { token: hugo.token });
    expect(exported.status).toBe(200);
    expect(exported.body.saved_searches).toEqual([
      expect.objectContaining({
        name: 'Bburago',
        filters: { q: 'bburago', max_price: 90000, kind: 'all', sort: 'newest' },
      }),
    ]);
    const deleted = await t.request('POST', '/api/users/me/delete', {
      token: hugo.token,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const left = await t.ctx.db
      .selectFrom('saved_searches')
      .select('id')
      .where('user_id', '=', hugo.user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers a repeated save with the same Idempotency-Key once', async () => {
    const dora = await insertUserWithToken(t, { username: 'dora_repite' });
    const body = { name: 'Funko', filters: { q: 'funko' } };
    const headers = { 'Idempotency-Key': 'guardar-funko-1' };
    const [a, b] = [await save(dora, body, headers), await save(dora, body, headers)];
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect((await list(dora)).body.items).toHaveLength(1);
  });
});

describe('the new-results notification', () => {
  let seller: User;
  let buyer: User;
  const DAY = 24 * 3600;

  beforeAll(async () => {
    seller = await insertUserWithToken(t, { username: 'vende_novedades', is_seller: true });
    buyer = await insertUserWithToken(t, { username: 'busca_novedades' });
    // Work at noon in Bogotá (17:00 UTC), so the steps below never straddle a Bogotá midnight.
    const now = t.ctx.clock.now();
    const noon = new Date(now);
    noon.setUTCHours(17, 0, 0, 0);
    if (noon <= now) noon.setUTCDate(noon.getUTCDate() + 1);
    await t.advanceClock(Math.ceil((noon.getTime() - now.getTime()) / 1000));
  });

  const list = async (overrides: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/products/create', {
      token: seller.token,
      body: createProductPayload(ids, image, { can_be_bought: true, sell_price: 30000, ...overrides }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.product.id as number;
  };
  /** Past the job's next look at every search (it counts each one every few minutes). */
  const settle = () => t.advanceClock(6 * 60);
  const matches = (who: User) =>
    t.ctx.db
      .selectFrom('notifications')
      .select(['message', 'link', 'title'])
      .where('user_id', '=', who.user.id)
      .where('type', '=', 'saved_search_match')
      .orderBy('id')
      .execute();

  it('counts only matching products that became buyable after saving, once a Bogotá day', async () => {
    await list({ name: 'Mazinger Z Jumbo ya listado' });
    const saved = await save(buyer, { name: 'Mazinger 1:64', filters: { q: 'mazinger', kind: 'buy_now' } });
    expect(saved.status).toBe(201);
    await settle();
    expect(await matches(buyer)).toEqual([]); // already buyable when saved

    await list({ name: 'Carta Pikachu sin relación' });
    await list({ name: 'Mazinger Z caro', sell_price: 10_000_000 }); // matches: no price filter
    await list({ name: 'Mazinger Z Shogun' });
    await settle();
    expect(await matches(buyer)).toEqual([
      {
        title: m.matchTitle,
        message: '2 nuevos resultados para "Mazinger 1:64"',
        link: '/explorar?q=mazinger&kind=buy_now',
      },
    ]);

    await list({ name: 'Mazinger Z Great' }); // same day: no second notification
    await t.advanceClock(3600);
    expect(await matches(buyer)).toHaveLength(1);

    await t.advanceClock(DAY); // next day: what came since the last check counts
    expect((await matches(buyer)).map((n) => n.message)).toEqual([
      '2 nuevos resultados para "Mazinger 1:64"',
      '1 nuevo resultado para "Mazinger 1:64"',
    ]);
    await settle();
    expect(await matches(buyer)).toHaveLength(2); // nothing new since
  });

  it('does not count products sold or taken down before the check, nor ones that do not match', async () => {
    const eva = await insertUserWithToken(t, { username: 'eva_busca' });
    await save(eva, { name: 'Voltron', filters: { q: 'voltron', max_price: 50000 } });
    const sold = await list({ name: 'Voltron vendido' });
    const removed = await list({ name: 'Voltron retirado' });
    await list({ name: 'Voltron demasiado caro', sell_price: 90000 });
    await list({ name: 'Robotech sin relación' });
    await t.ctx.db.updateTable('products').set({ status: 'sold' }).where('id', '=', sold).execute();
    await t.ctx.db.updateTable('products').set({ status: 'cancelled' }).where('id', '=', removed).execute();
    await settle();
    expect(await matches(eva)).toEqual([]);

    await list({ name: 'Voltron disponible' });
    await settle();
    expect((await matches(eva)).map((n) => n.message)).toEqual(['1 nuevo resultado para "Voltron"']);
  });

  it('counts an auction when it is activated, not before', async () => {
    const fede = await insertUserWithToken(t, { username: 'fede_busca' });
    await save(fede, { name: 'Subastas Gundam', filters: { q: 'gundam', kind: 'auction' } });
    const product = await list({ name: 'Gundam RX-78', can_be_bought: false, sell_price: null });
    await settle();
    expect(await matches(fede)).toEqual([]); // not buyable as an auction yet
    const auction = await t.request('POST', '/api/auctions/create', {
      token: seller.token,
      body: { title: 'Gundam', duration: 5, products: [product] },
    });
    expect(auction.status, JSON.stringify(auction.body)).toBe(201);
    await settle();
    expect(await matches(fede)).toEqual([]); // upcoming
    const activated = await t.request('POST', `/api/auctions/${auction.body.id}/activate`, {
      token: seller.token,
    });
    expect(activated.status).toBe(200);
    await settle();
    expect(await matches(fede)).toEqual([
      expect.objectContaining({
        message: '1 nuevo resultado para "Subastas Gundam"',
        link: '/explorar?q=gundam&kind=auction',
      }),
    ]);
  });

  it('counts a scheduled auction when it starts by itself', async () => {
    const iris = await insertUserWithToken(t, { username: 'iris_programa' });
    await save(iris, { name: 'Macross', filters: { q: 'macross' } });
    const product = await list({ name: 'Macross VF-1S', can_be_bought: false, sell_price: null });
    const start = new Date(t.ctx.clock.now().getTime() + 2 * 3600_000).toISOString();
    const auction = await t.request('POST', '/api/auctions/create', {
      token: seller.token,
      body: { title: 'Macross', duration: 2, started_at: start, products: [product] },
    });
    expect(auction.status, JSON.stringify(auction.body)).toBe(201);
    await t.advanceClock(3600);
    expect(await matches(iris)).toEqual([]);
    await t.advanceClock(3600);
    await settle();
    expect((await matches(iris)).map((n) => n.message)).toEqual(['1 nuevo resultado para "Macross"']);
  });

  it('counts a buy-now product again when it comes back unsold from an auction', async () => {
    const julia = await insertUserWithToken(t, { username: 'julia_vuelve' });
    const product = await list({ name: 'Robotech SDF-1 Fortaleza' });
    const auction = await t.request('POST', '/api/auctions/create', {
      token: seller.token,
      body: { title: 'Fortaleza', duration: 1, products: [product] },
    });
    expect(auction.status, JSON.stringify(auction.body)).toBe(201);
    await t.request('POST', `/api/auctions/${auction.body.id}/activate`, { token: seller.token });
    await save(julia, { name: 'Fortaleza directa', filters: { q: 'fortaleza', kind: 'buy_now' } });
    await t.advanceClock(600);
    expect(await matches(julia)).toEqual([]); // in the auction: not buyable as buy-now
    await t.advanceClock(3600); // the auction closes with no bids: back on the shelf
    const row = await t.ctx.db
      .selectFrom('products')
      .select('status')
      .where('id', '=', product)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('available');
    await settle();
    expect((await matches(julia)).map((n) => n.message)).toEqual([
      '1 nuevo resultado para "Fortaleza directa"',
    ]);
  });

  it('leaves the searches of other users and deleted searches alone', async () => {
    const gina = await insertUserWithToken(t, { username: 'gina_borra' });
    const saved = await save(gina, { name: 'Transformers', filters: { q: 'transformers' } });
    await t.request('DELETE', `/api/saved-searches/${saved.body.id}`, { token: gina.token });
    await list({ name: 'Transformers Optimus' });
    await settle();
    expect(await matches(gina)).toEqual([]);
  });
});
