import { userMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const valid = {
  name: 'Ana',
  last_name: 'Restrepo',
  phone: '+57 (300) 123-4567',
  address: 'Calle 10 # 5-20, Medellín',
  bio: 'Coleccionista de Hot Wheels.',
  birth_date: '1990-05-17',
  avatar: 'https://cdn.example.com/ana.png',
};

describe('GET and PUT /api/users/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET answers the own profile with every profile field and no password hash', async () => {
    const { user, token } = await insertUserWithToken(t, { name: 'Lucía' });
    const res = await t.request('GET', '/api/users/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      phone: null,
      address: null,
      bio: null,
      avatar: null,
      name: 'Lucía',
      last_name: null,
      birth_date: null,
      is_seller: false,
      is_operator: false,
      created_at: user.created_at.toISOString(),
      activeListings: 0,
      totalSales: 0,
      two_factor_enabled: false,
      unpaid_strikes: 0,
      away_until: null,
      away_message: null,
    });
    expect(res.body.created_at).toMatch(/Z$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/);
  });

  it('PUT saves every field, answers the success message and the profile, and GET shows it afterwards', async () => {
    const { user, token } = await insertUserWithToken(t);
    const res = await t.request('PUT', '/api/users/profile', { token, body: valid });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('¡Perfil actualizado correctamente!');
    expect(res.body.user).toMatchObject({ id: user.id, ...valid });
    const again = await t.request('GET', '/api/users/profile', { token });
    expect(again.body).toMatchObject({ id: user.id, email: user.email, username: user.username, ...valid });
  });

  it('PUT trims text and turns cleared optional fields into null', async () => {
    const { token } = await insertUserWithToken(t);
    await t.request('PUT', '/api/users/profile', { token, body: valid });
    const res = await t.request('PUT', '/api/users/profile', {
      token,
      body: {
        name: '  Ana María ',
        last_name: ' Restrepo ',
        phone: '',
        address: '  ',
        bio: '',
        birth_date: '',
        avatar: '',
      },
    });
    expect(res.status).toBe(200);
    const again = await t.request('GET', '/api/users/profile', { token });
    expect(again.body).toMatchObject({
      name: 'Ana María',
      last_name: 'Restrepo',
      phone: null,
      address: null,
      bio: null,
      birth_date: null,
      avatar: null,
    });
  });

  it('PUT cannot change the email, username or seller flag', async () => {
    const { user, token } = await insertUserWithToken(t);
    const res = await t.request('PUT', '/api/users/profile', {
      token,
      body: {
        ...valid,
        email: 'otro@test.dev',
        username: 'hacker',
        is_seller: true,
        id: 1,
        password_hash: 'x',
      },
    });
    expect(res.status).toBe(200);
    const again = await t.request('GET', '/api/users/profile', { token });
    expect(again.body).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
      is_seller: false,
    });
    const seller = await t.request('GET', '/api/users/profile/check_seller', { token });
    expect(seller.body).toBe(false);
  });

  const rejected: Array<[string, Record<string, unknown>, string]> = [
    ['no name', { ...valid, name: undefined }, 'El nombre es obligatorio'],
    ['a blank name', { ...valid, name: '   ' }, 'El nombre es obligatorio'],
    ['no last name', { ...valid, last_name: undefined }, 'El apellido es obligatorio'],
    ['an empty last name', { ...valid, last_name: '' }, 'El apellido es obligatorio'],
    ['a phone with letters', { ...valid, phone: '300 ABC 4567' }, 'Formato de teléfono inválido'],
    ['a phone with a +  in the middle', { ...valid, phone: '300+4567' }, 'Formato de teléfono inválido'],
    ['a phone that is a number', { ...valid, phone: 3001234567 }, 'Formato de teléfono inválido'],
    [
      'a birth date tomorrow',
      { ...valid, birth_date: 'TOMORROW' },
      'La fecha de nacimiento no puede ser en el futuro',
    ],
    [
      'a birth date that does not exist',
      { ...valid, birth_date: '1990-02-31' },
      userMessages.invalidBirthDate,
    ],
    ['a birth date in year 0', { ...valid, birth_date: '0000-01-01' }, userMessages.invalidBirthDate],
    ['a birth date in another format', { ...valid, birth_date: '17/05/1990' }, userMessages.invalidBirthDate],
    ['a javascript: avatar', { ...valid, avatar: 'javascript:alert(1)' }, userMessages.invalidAvatar],
    ['a 10 000-character name', { ...valid, name: 'a'.repeat(10_000) }, 'Máximo 100 caracteres'],
    ['a 5 000-character bio', { ...valid, bio: 'b'.repeat(5_000) }, 'Máximo 1000 caracteres'],
    ['an address that is an object', { ...valid, address: { street: 'x' } }, 'El texto no es válido'],
    ['a name that is an array', { ...valid, name: ['Ana'] }, 'El nombre es obligatorio'],
  ];

  it.each(
    rejected,
  )('PUT with %s is a 400 with its message and changes nothing', async (_name, body, message) => {
    const { token } = await insertUserWithToken(t, { name: 'Original' });
    const tomorrow = new Date(t.ctx.clock.now().getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const sent = { ...body, birth_date: body.birth_date === 'TOMORROW' ? tomorrow : body.birth_date };
    const res = await t.request('PUT', '/api/users/profile', { token, body: sent });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContain(message);
    const again = await t.request('GET', '/api/users/profile', { token });
    expect(again.body).toMatchObject({ name: 'Original', phone: null, birth_date: null });
  });

  it('PUT reports every invalid field at once', async () => {
    const { token } = await insertUserWithToken(t);
    const res = await t.request('PUT', '/api/users/profile', {
      token,
      body: { name: '', last_name: '', phone: 'abc', birth_date: '2999-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      'El nombre es obligatorio',
      'El apellido es obligatorio',
      'Formato de teléfono inválido',
      'La fecha de nacimiento no puede ser en el futuro',
    ]);
  });

  it('the birth date rule follows the server clock (test clock moved a year)', async () => {
    const { token } = await insertUserWithToken(t);
    const now = t.ctx.clock.now();
    const inSixMonths = new Date(now.getTime() + 180 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const first = await t.request('PUT', '/api/users/profile', {
      token,
      body: { ...valid, birth_date: inSixMonths },
    });
    expect(first.status).toBe(400);
    await t.advanceClock(365 * 24 * 3600);
    const fresh = await insertUserWithToken(t);
    const second = await t.request('PUT', '/api/users/profile', {
      token: fresh.token,
      body: { ...valid, birth_date: inSixMonths },
    });
    expect(second.status).toBe(200);
    expect(second.body.birth_date).toBe(inSixMonths);
  });

  it('PUT with a body that is not an object is a 400, not a 500', async () => {
    const { token } = await insertUserWithToken(t);
    for (const body of [[], 'texto', 42, null]) {
      const res = await t.request('PUT', '/api/users/profile', { token, body });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('two users editing at once each keep their own data', async () => {
    const a = await insertUserWithToken(t);
    const b = await insertUserWithToken(t);
    await Promise.all([
      t.request('PUT', '/api/users/profile', { token: a.token, body: { ...valid, name: 'Alicia' } }),
      t.request('PUT', '/api/users/profile', { token: b.token, body: { ...valid, name: 'Bruno' } }),
    ]);
    expect((await t.request('GET', '/api/users/profile', { token: a.token })).body.name).toBe('Alicia');
    expect((await t.request('GET', '/api/users/profile', { token: b.token })).body.name).toBe('Bruno');
  });
});

describe('GET /api/users/profile/check_seller', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers a bare JSON true for a seller and false for a buyer', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true });
    const buyer = await insertUserWithToken(t);
    const yes = await t.request('GET', '/api/users/profile/check_seller', { token: seller.token });
    expect(yes.status).toBe(200);
    expect(yes.headers.get('content-type')).toMatch(/application\/json/);
    expect(yes.body).toBe(true);
    const no = await t.request('GET', '/api/users/profile/check_seller', { token: buyer.token });
    expect(no.status).toBe(200);
    expect(no.body).toBe(false);
    const raw = await fetch(`${t.url}/api/users/profile/check_seller`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(await raw.text()).toBe('false');
  });

  it('follows the seller flag when it changes', async () => {
    const { user, token } = await insertUserWithToken(t);
    await t.ctx.db.updateTable('users').set({ is_seller: true }).where('id', '=', user.id).execute();
    expect((await t.request('GET', '/api/users/profile/check_seller', { token })).body).toBe(true);
  });
});

describe('GET /api/users/public/{username}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the public profile without email, phone or birth date, and needs no token', async () => {
    const { user, token } = await insertUserWithToken(t, { is_seller: true, username: 'Vendedora_Uno' });
    await t.request('PUT', '/api/users/profile', { token, body: valid });
    const res = await t.request('GET', '/api/users/public/Vendedora_Uno');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      username: 'Vendedora_Uno',
      address: valid.address,
      bio: valid.bio,
      avatar: valid.avatar,
      is_seller: true,
      stats: { active_auctions: 0, products_sold: 0, products_listed: 0, auctions_won: 0, total_bids: 0 },
      followers_count: 0,
    });
    expect(res.body.created_at).toMatch(/Z$/);
    // Only what the public page shows: not the real name either.
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'address',
        'avatar',
        'away_message',
        'away_until',
        'bio',
        'created_at',
        'followers_count',
        'id',
        'is_seller',
        'rating_average',
        'rating_count',
        'reputation',
        'stats',
        'username',
      ].sort(),
    );
    for (const key of ['email', 'phone', 'birth_date', 'password_hash', 'name', 'last_name'])
      expect(res.body).not.toHaveProperty(key);
    expect(JSON.stringify(res.body)).not.toContain(user.email);
    expect(JSON.stringify(res.body)).not.toContain('3001234567');
    expect(JSON.stringify(res.body)).not.toContain('123-4567');
  });

  it('the username is matched without regard to case', async () => {
    await insertUser(t.ctx.db, { username: 'CaseUser' });
    const res = await t.request('GET', '/api/users/public/caseuser');
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('CaseUser');
  });

  it("the address defaults to 'Colombia'", async () => {
    await insertUser(t.ctx.db, { username: 'sin_direccion' });
    const res = await t.request('GET', '/api/users/public/sin_direccion');
    expect(res.body.address).toBe('Colombia');
  });

  it('an unknown username is a 404 with the exact Spanish message', async () => {
    const res = await t.request('GET', '/api/users/public/no_existe_nadie');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No se pudo obtener la información del perfil');
  });

  it.each([
    ['SQL-looking text', "x' or '1'='1"],
    ['a percent sign', '%'],
    ['an underscore wildcard', '_'],
    ['unicode', 'ñandú😀'],
    ['a NUL byte', 'ana\u0000'],
  ])('a username with %s is a plain 404, never a 500', async (_name, username) => {
    await insertUser(t.ctx.db);
    const res = await t.request('GET', `/api/users/public/${encodeURIComponent(username)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No se pudo obtener la información del perfil');
  });

  it('a very long username is refused with a 400 or 404, never a 500', async () => {
    const res = await t.request('GET', `/api/users/public/${'a'.repeat(5000)}`);
    expect([400, 404]).toContain(res.status);
    expect(typeof res.body.message).toBe('string');
  });
});
