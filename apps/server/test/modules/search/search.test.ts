import { SearchResultSchema, searchMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionSearchFilter } from '../../../src/modules/search/search-filters.service.ts';
import { insertAuction } from '../../factories/search.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { seedSearchCatalog } from './search-catalog.ts';

let t: TestApp;
const ids = {} as Record<string, number>;
let imageId: string;
let insertDefaultProduct: (name: string) => Promise<void>;

type Result = { users: { id: number }[]; products: { id: number }[]; auctions: { id: number }[] };

async function search(term: string) {
  const res = await t.request<Result>('GET', `/api/auctions/search/${encodeURIComponent(term)}`);
  expect(res.status, `search ${JSON.stringify(term)}: ${JSON.stringify(res.body)}`).toBe(200);
  SearchResultSchema.parse(res.body);
  return {
    body: res.body,
    users: res.body.users.map((u) => u.id),
    products: res.body.products.map((p) => p.id),
    auctions: res.body.auctions.map((a) => a.id),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  ({ imageId, insertDefaultProduct } = await seedSearchCatalog(t, ids));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/auctions/search/{term}', () => {
  it('answers the three groups with the documented fields, money in pesos, publicly', async () => {
    const { body } = await search('zorrillo en subasta');
    const product = (body.products as any[]).find((p) => p.id === ids.zorrillo_in_auction);
    expect(product).toEqual({
      id: ids.zorrillo_in_auction,
      name: 'Zorrillo en subasta',
      image: `/images/${imageId}/thumb.webp`,
      description: 'Descripción de prueba',
      category: 'Autos die-cast',
      can_be_bought: false,
      sell_price: null,
      auction_id: ids.camiones,
    });
    const camaro = (await search('camaro')).body.products[0] as any;
    expect(camaro).toMatchObject({
      id: ids.camaro,
      can_be_bought: true,
      sell_price: 1_250_000,
      auction_id: null,
    });

    const { body: auctions } = await search('camiones clasicos');
    expect(auctions.auctions).toHaveLength(1);
    const found = auctions.auctions[0] as any;
    expect(found).toEqual({
      id: ids.camiones,
      title: 'Subasta de Camiones Clásicos',
      is_flash: true,
      products: [{ image: `/images/${imageId}/thumb.webp` }],
      owner: { username: 'vendedor_busqueda', avatar: null },
      min_offer: 5000,
      end_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });

    const { body: users } = await search('paisa');
    expect(users.users).toEqual([
      {
        id: ids.bioUser,
        username: 'coleccionista_paisa',
        avatar: null,
        bio: expect.stringContaining('trenes'),
      },
    ]);
  });

  it('ignores accents and case, both ways', async () => {
    expect((await search('camion')).products).toContain(ids.camion);
    expect((await search('CAMIÓN')).products).toContain(ids.camion);
    expect((await search('cÁmIoN dE bOmBeRoS')).products).toEqual([ids.camion]);
    expect((await search('pokemon')).products).toContain(ids.charizard);
    expect((await search('POKÉMON')).auctions).toContain(ids.upcomingPokemon);
    expect((await search('album')).products).toContain(ids.album);
    expect((await search('nandu')).users).toContain(ids.accentUser);
    expect((await search('ÑANDÚ')).users).toContain(ids.accentUser);
    expect((await search('electricos')).users).toContain(ids.bioUser);
  });

  it('forgives small typos and partial words', async () => {
    expect((await search('hot whel')).products).toContain(ids.camaro);
    expect((await search('hot wheels camaro')).products).toContain(ids.camaro);
    expect((await search('funco')).products).toContain(ids.batman);
    expect((await search('pokmon')).products).toContain(ids.charizard);
    expect((await search('charizrd')).products).toContain(ids.charizard);
    expect((await search('matchbx')).products).toContain(ids.camion);
    expect((await search('bomber')).products).toContain(ids.camion);
    expect((await search('camines')).auctions).toContain(ids.camiones);
    expect((await search('vendedor_busqeda')).users).toContain(ids.seller);
    expect((await search('colecionista')).users).toContain(ids.bioUser);
  });

  it('searches every field: name, description, tags, brand, category, auction title, username, bio', async () => {
    expect((await search('bomberos')).products).toEqual([ids.camion]);
    expect((await search('autenticidad')).products).toEqual([ids.certificado]);
    expect((await search('godzilla')).products).toEqual([ids.godzilla]);
    expect((await search('maisto')).products).toEqual([ids.ferrari]);
    expect((await search('figuras de vinilo')).products.sort()).toEqual([ids.batman, ids.godzilla].sort());
    expect((await search('subasta de camiones')).auctions).toEqual([ids.camiones]);
    expect((await search('vendedor_busqueda')).users).toEqual([ids.seller]);
    expect((await search('trenes')).users).toEqual([ids.bioUser]);
  });

  it('does not mix up fields: a word found nowhere finds nothing', async () => {
    const none = await search('xilófono');
    expect(none.body).toEqual({ users: [], products: [], auctions: [] });
  });

  it('ranks the best match first', async () => {
    // 'Camión' is in one product's name and in another product's brand/category-free description.
    const { products } = await search('camion de bomberos scania');
    expect(products[0]).toBe(ids.camion);
  });

  it('shows only what a visitor may see: no sold, shipped, delivered or cancelled products', async () => {
    const { products } = await search('zorrillo');
    expect(products.sort()).toEqual([ids.zorrillo_available, ids.zorrillo_in_auction].sort());
  });

  it('lists only upcoming and running auctions: not ended, cancelled or past their end', async () => {
    const { auctions } = await search('subasta pokemon');
    expect(auctions).toEqual([ids.upcomingPokemon]);
    const upcoming = (await search('gran subasta')).body.auctions[0] as any;
    expect(upcoming).toMatchObject({ id: ids.upcomingPokemon, end_time: null, products: [] });
  });

  it('follows the test clock: an auction past its end time drops out', async () => {
    // Another file's clock doesn't matter: this app's clock moves only here, after the other checks.
    const db = t.ctx.db;
    const soon = await insertAuction(db, ids.seller!, {
      title: 'Subasta relámpago de yoyos',
      end_time: new Date(t.ctx.clock.now().getTime() + 120_000),
    });
    expect((await search('yoyos')).auctions).toEqual([soon.id]);
    await t.advanceClock(180);
    expect((await search('yoyos')).auctions).toEqual([]);
  });

  it('keeps the result lists bounded to 20 each', async () => {
    const db = t.ctx.db;
    for (let i = 0; i < 25; i += 1) {
      await insertDefaultProduct(`Trompo de madera ${i}`);
      await insertAuction(db, ids.seller!, { title: `Trompos y baleros ${i}` });
    }
    const { products, auctions } = await search('trompo');
    expect(products).toHaveLength(20);
    expect(auctions).toHaveLength(20);
  });

  it('sees products as other modules write them: edits, brand and category renames', async () => {
    const db = t.ctx.db;
    await db
      .updateTable('products')
      .set({ name: 'Trolebús articulado' })
      .where('id', '=', ids.ferrari!)
      .execute();
    expect((await search('trolebus')).products).toEqual([ids.ferrari]);
    expect((await search('ferrari')).products).toEqual([]);
    await db.updateTable('brands').set({ name: 'Maisto Italia' }).where('name', '=', 'Maisto').execute();
    expect((await search('maisto italia')).products).toEqual([ids.ferrari]);
    await db.updateTable('brands').set({ name: 'Maisto' }).where('name', '=', 'Maisto Italia').execute();
    await db
      .updateTable('categories')
      .set({ name: 'Figuras de vinilo y resina' })
      .where('name', '=', 'Figuras de vinilo')
      .execute();
    expect((await search('resina')).products.sort()).toEqual([ids.batman, ids.godzilla].sort());
    await db
      .updateTable('categories')
      .set({ name: 'Figuras de vinilo' })
      .where('name', '=', 'Figuras de vinilo y resina')
      .execute();
    expect((await search('resina')).products).toEqual([]);
  });

  it('drops a product the moment it is sold, and shows it again if it comes back', async () => {
    const db = t.ctx.db;
    const setStatus = (status: 'sold' | 'available') =>
      db.updateTable('products').set({ status }).where('id', '=', ids.certificado!).execute();
    await setStatus('sold');
    expect((await search('autenticidad')).products).toEqual([]);
    await setStatus('available');
    expect((await search('autenticidad')).products).toEqual([ids.certificado]);
  });

  describe('hostile terms are data, never SQL', () => {
    it.each([
      ['%', 'percent'],
      ['100%', 'percent'],
      ['_', 'underscore'],
      ['snake_case', 'underscore'],
      ['\\', 'backslash'],
      ["'", 'quote'],
      ["'limitada'", 'quote'],
    ])('%j matches only the product that literally contains it', async (term, key) => {
      const result = await search(term);
      expect(result.products).toEqual([ids[key]]);
      // Usernames like 'vendedor_busqueda' do contain '_': whatever else is found has it literally.
      for (const user of result.body.users as any[]) expect(user.username).toContain(term);
      expect(result.auctions).toEqual([]);
    });

    it('ranks the literal match first when the rest of the term also matches fuzzily', async () => {
      // 'autos' (5 letters) matches the category of every die-cast product; the literal hit leads.
      const result = await search('c:\\autos');
      expect(result.products[0]).toBe(ids.backslash);
    });

    it.each([
      "' OR 1=1 --",
      "'; drop table products; --",
      '" or ""="',
      '%%%%',
      '_%_',
      '\\%',
      ') or (1=1',
      '$1',
      "' union select id, email, password_hash, null from users --",
      '.*',
      '[a-z]',
      '<script>alert(1)</script>',
      '😀🎲',
      '\u0000',
    ])('%j finds nothing and breaks nothing', async (term) => {
      const res = await t.request('GET', `/api/auctions/search/${encodeURIComponent(term)}`);
      if (term === '\u0000') {
        // Only a control character: nothing left to search for.
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(searchMessages.emptyTerm);
        return;
      }
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ users: [], products: [], auctions: [] });
    });

    it('still has every table and row afterwards', async () => {
      const count = await t.ctx.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(20);
      expect((await search('bomberos')).products).toEqual([ids.camion]);
    });

    it('answers a malformed URL escape with a 400, not a 5xx', async () => {
      const res = await t.request('GET', '/api/auctions/search/%E0%A4%A');
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    });

    it('handles a NUL byte inside a term', async () => {
      const res = await t.request('GET', `/api/auctions/search/${encodeURIComponent('bombe\u0000ros')}`);
      expect(res.status).toBe(200);
    });
  });

  describe('filters for the auctions list and my auctions', () => {
    const ids_ = async (where: Awaited<ReturnType<typeof auctionSearchFilter>>) =>
      (await t.ctx.db.selectFrom('auctions as a').select('a.id').where(where).orderBy('a.id').execute()).map(
        (r) => r.id,
      );

    it('match titles with the same rules (any status: the caller filters those)', async () => {
      const db = t.ctx.db;
      expect(await ids_(await auctionSearchFilter(db, 'CAMINES clasicos', 'a'))).toEqual([ids.camiones]);
      expect(await ids_(await auctionSearchFilter(db, 'pokemon terminada', 'a'))).toEqual([ids.endedPokemon]);
      expect(await ids_(await auctionSearchFilter(db, "' OR 1=1 --", 'a'))).toEqual([]);
      expect(await ids_(await auctionSearchFilter(db, '%', 'a'))).toEqual([]);
      expect((await ids_(await auctionSearchFilter(db, '   ', 'a'))).length).toBeGreaterThan(20);
    });

    it("also match the names of the auction's products, and work inside a transaction", async () => {
      const db = t.ctx.db;
      // 'Zorrillo en subasta' is the product of the 'Camiones Clásicos' auction.
      expect(await ids_(await auctionSearchFilter(db, 'zorrilo', 'a'))).toEqual([ids.camiones]);
      const inTrx = await db.transaction().execute(async (trx) => {
        const where = await auctionSearchFilter(trx, 'camiones', 'a');
        return trx.selectFrom('auctions as a').select('a.id').where(where).execute();
      });
      expect(inTrx.map((r) => r.id)).toEqual([ids.camiones]);
    });
  });

  describe('validation', () => {
    it('refuses a term over 100 characters with a Spanish message', async () => {
      const res = await t.request('GET', `/api/auctions/search/${'a'.repeat(101)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: searchMessages.termTooLong,
        code: 'VALIDATION_FAILED',
        errors: [searchMessages.termTooLong],
        fields: { term: searchMessages.termTooLong },
      });
      const huge = await t.request('GET', `/api/auctions/search/${'%27'.repeat(3000)}`);
      expect(huge.status).toBe(400);
      expect(huge.body.message).toBe(searchMessages.termTooLong);
    });

    it('accepts exactly 100 characters, and counts them after trimming', async () => {
      expect((await t.request('GET', `/api/auctions/search/${'a'.repeat(100)}`)).status).toBe(200);
      const padded = `%20%20${'b'.repeat(100)}%20%20`;
      expect((await t.request('GET', `/api/auctions/search/${padded}`)).status).toBe(200);
    });

    it.each([
      ['/api/auctions/search/', 'an empty segment'],
      ['/api/auctions/search', 'no segment'],
      ['/api/auctions/search/%20%20%20', 'only spaces'],
      ['/api/auctions/search/%09%0A', 'only tabs and newlines'],
    ])('%s (%s) gets 400 with the exact Spanish message', async (path) => {
      const res = await t.request('GET', path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: searchMessages.emptyTerm,
        code: 'VALIDATION_FAILED',
        errors: [searchMessages.emptyTerm],
        fields: { term: searchMessages.emptyTerm },
      });
    });
  });
});
