import { userMessages } from '@app/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const UNAUTHORIZED = 'Debes iniciar sesión para continuar.';

/** Each test talks from its own client address so the per-address limit stays out of the way. */
let addressCounter = 0;
function fromAddress() {
  addressCounter += 1;
  return { 'x-forwarded-for': `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}` };
}

describe('POST /api/users/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  function login(body: unknown, headers = fromAddress()) {
    return t.request('POST', '/api/users/login', { body, headers });
  }

  it('answers a JWT for the right email and password; the token opens the profile', async () => {
    const user = await insertUser(t.ctx.db);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['jwt_token']);
    expect(res.body.jwt_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const profile = await t.request('GET', '/api/users/profile', { token: res.body.jwt_token });
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(user.id);
  });

  it('the email is matched without regard to case or surrounding spaces', async () => {
    const user = await insertUser(t.ctx.db, { email: 'mixta@test.dev' });
    const res = await login({ email: '  MiXta@Test.DEV ', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const profile = await t.request('GET', '/api/users/profile', { token: res.body.jwt_token });
    expect(profile.body.id).toBe(user.id);
  });

  it('a wrong password is a 401 with the exact Spanish message', async () => {
    const user = await insertUser(t.ctx.db);
    const res = await login({ email: user.email, password: 'otra-clave-123' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Credenciales incorrectas. Por favor verifica tu email y contraseña.');
    expect(res.body.jwt_token).toBeUndefined();
  });

  it('an unknown email gets the same 401 as a wrong password (no account enumeration)', async () => {
    const res = await login({ email: 'nadie@test.dev', password: TEST_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: userMessages.badCredentials, code: 'BAD_CREDENTIALS' });
  });

  it('the password is case-sensitive and not trimmed', async () => {
    const user = await insertUser(t.ctx.db);
    expect((await login({ email: user.email, password: TEST_PASSWORD.toUpperCase() })).status).toBe(401);
    expect((await login({ email: user.email, password: ` ${TEST_PASSWORD}` })).status).toBe(401);
  });

  const invalid: Array<[string, unknown, string, string[]]> = [
    [
      'a malformed email',
      { email: 'no-es-un-correo', password: 'x' },
      userMessages.invalidEmail,
      [userMessages.invalidEmail],
    ],
    ['a missing email', { password: 'x' }, userMessages.emailRequired, [userMessages.emailRequired]],
    [
      'an empty email',
      { email: '', password: 'x' },
      userMessages.emailRequired,
      [userMessages.emailRequired],
    ],
    [
      'a missing password',
      { email: 'ana@test.dev' },
      userMessages.passwordRequired,
      [userMessages.passwordRequired],
    ],
    [
      'an empty password',
      { email: 'ana@test.dev', password: '' },
      userMessages.passwordRequired,
      [userMessages.passwordRequired],
    ],
    [
      'an empty body',
      {},
      userMessages.emailRequired,
      [userMessages.emailRequired, userMessages.passwordRequired],
    ],
    [
      'wrong types',
      { email: 12, password: false },
      userMessages.emailRequired,
      [userMessages.emailRequired, userMessages.passwordRequired],
    ],
    ['a body that is an array', [1, 2], 'Los datos enviados no son válidos.', []],
    ['a body that is a string', 'hola', 'Los datos enviados no son válidos.', []],
    [
      'a 300-character email',
      { email: `${'a'.repeat(290)}@test.dev`, password: 'x' },
      userMessages.invalidEmail,
      [userMessages.invalidEmail],
    ],
    [
      'a 3 kB password',
      { email: 'ana@test.dev', password: 'x'.repeat(3_000) },
      userMessages.badCredentials,
      [userMessages.badCredentials],
    ],
    [
      'an email object',
      { email: { $gt: '' }, password: 'x' },
      userMessages.emailRequired,
      [userMessages.emailRequired],
    ],
  ];
  it.each(invalid)('%s is a 400 with its message', async (_name, body, message, errors) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(errors[0] ?? message);
    if (errors.length) expect(res.body.errors).toEqual(errors);
    expect(JSON.stringify(res.body)).not.toMatch(/ZodError|stack|\.ts:/);
  });

  it('a body that is not JSON is refused without a 500', async () => {
    const res = await t.request('POST', '/api/users/login', {
      rawBody: 'email=a@b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromAddress() },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('protected calls and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const protectedCalls: Array<[string, string]> = [
    ['GET', '/api/users/profile'],
    ['PUT', '/api/users/profile'],
    ['GET', '/api/users/profile/check_seller'],
    ['POST', '/api/users/change-password'],
  ];

  it.each(protectedCalls)('%s %s without a token is a 401 with a Spanish message', async (method, path) => {
    const res = await t.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: UNAUTHORIZED, code: 'UNAUTHORIZED' });
  });

  it.each([
    ['not a JWT', 'hola'],
    ['an empty bearer', ''],
    ['three random parts', 'aaa.bbb.ccc'],
  ])('a token that is %s is a 401', async (_name, token) => {
    const res = await t.request('GET', '/api/users/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });

  it('a token signed with another secret is a 401', async () => {
    const user = await insertUser(t.ctx.db);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
    const res = await t.request('GET', '/api/users/profile', { token: forged });
    expect(res.status).toBe(401);
  });

  it('an unsigned token (alg none) is a 401', async () => {
    const user = await insertUser(t.ctx.db);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(user.id), iat: now, exp: now + 3600 })}.`;
    const res = await t.request('GET', '/api/users/profile', { token: unsigned });
    expect(res.status).toBe(401);
  });

  it('a token whose payload was edited to another user is a 401', async () => {
    const victim = await insertUser(t.ctx.db);
    const attacker = await insertUser(t.ctx.db);
    const token = await t.login(attacker.email, TEST_PASSWORD);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims.sub = String(victim.id);
    const edited = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const res = await t.request('GET', '/api/users/profile', { token: edited });
    expect(res.status).toBe(401);
  });

  it('a correctly signed token for a user that does not exist is a 401', async () => {
    const token = await new SignJWT({ ver: 0, sid: 'una-sesion' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('999999')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    const res = await t.request('GET', '/api/users/profile', { token });
    expect(res.status).toBe(401);
  });

  it('the bearer scheme is case-insensitive', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.login(user.email, TEST_PASSWORD);
    const res = await t.request('GET', '/api/users/profile', {
      headers: { authorization: `bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });

  // Runs last in this file: it moves the clock 8 days.
  it('a token expires after 7 days: still valid at 6 days, 401 after 8 days', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.login(user.email, TEST_PASSWORD);
    await t.advanceClock(6 * 24 * 3600);
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(200);
    await t.advanceClock(2 * 24 * 3600);
    const res = await t.request('GET', '/api/users/profile', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: UNAUTHORIZED, code: 'UNAUTHORIZED' });
    // Logging in again gives a fresh token that works.
    const fresh = await t.login(user.email, TEST_PASSWORD);
    expect((await t.request('GET', '/api/users/profile', { token: fresh })).status).toBe(200);
  });
});

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  function login(email: string, password: string, address = '10.1.0.1') {
    return t.request('POST', '/api/users/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address },
    });
  }

  it('10 failures on one account from one address: that address gets 429, even with the right password, while the owner logs in from another address and other accounts still log in; after 15 minutes it is open again', async () => {
    const target = await insertUser(t.ctx.db);
    const other = await insertUser(t.ctx.db);
    const stranger = '10.1.1.1';
    for (let i = 0; i < 10; i++) {
      const res = await login(target.email, `mala-${i}`, stranger);
      expect(res.status).toBe(401);
    }
    const blocked = await login(target.email, TEST_PASSWORD, stranger);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(userMessages.tooManyAttempts);
    expect(blocked.body.message).toMatch(/^Demasiados intentos/);
    // Blocked whatever the case of the email typed.
    expect((await login(target.email.toUpperCase(), TEST_PASSWORD, stranger)).status).toBe(429);
    // The stranger cannot lock the owner out: from an address that has not failed, the owner gets in.
    expect((await login(target.email, TEST_PASSWORD, '10.1.2.1')).status).toBe(200);
    // …and the owner's success does not wipe the stranger's count.
    expect((await login(target.email, TEST_PASSWORD, stranger)).status).toBe(429);
    expect((await login(other.email, TEST_PASSWORD, stranger)).status).toBe(200);

    await t.advanceClock(14 * 60);
    expect((await login(target.email, TEST_PASSWORD, stranger)).status).toBe(429);
    await t.advanceClock(2 * 60);
    const open = await login(target.email, TEST_PASSWORD, stranger);
    expect(open.status).toBe(200);
    expect(open.body.jwt_token).toBeTruthy();
  });

  it('failures spread over many addresses do not add up against the account', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 12; i++)
      expect((await login(user.email, `mala-${i}`, `10.1.6.${i}`)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.1.6.200')).status).toBe(200);
  });

  it('a successful login clears the earlier failures of that account', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 9; i++) expect((await login(user.email, `mala-${i}`, '10.1.3.1')).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.1.3.1')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(user.email, `mala-${i}`, '10.1.3.1')).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.1.3.1')).status).toBe(200);
  });

  it('30 wrong guesses sent at once on one account from one address: at most 10 are checked, the rest get 429', async () => {
    const user = await insertUser(t.ctx.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.email, `adivina-${i}`, '10.1.4.1')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect((await login(user.email, TEST_PASSWORD, '10.1.4.1')).status).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '10.1.4.99')).status).toBe(200);
  });

  it('a looser limit applies per client address, across accounts', async () => {
    await t.advanceClock(16 * 60);
    const address = '10.1.5.1';
    // 49 failures already recorded from this address on 49 different accounts (set up directly:
    // 49 real scrypt checks would only make the test slow), then the 50th over HTTP.
    const now = t.ctx.clock.now();
    await t.ctx.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: 49 }, (_, i) => ({
          email: `otro${i}@test.dev`,
          ip: address,
          attempted_at: now,
        })),
      )
      .execute();
    const victim = await insertUser(t.ctx.db);
    expect((await login(victim.email, 'mala', address)).status).toBe(401);
    const fresh = await insertUser(t.ctx.db);
    const blocked = await login(fresh.email, TEST_PASSWORD, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(userMessages.tooManyAttempts);
    // The same account from another address logs in.
    expect((await login(fresh.email, TEST_PASSWORD, '10.1.5.2')).status).toBe(200);
    // The address is open again once the window has passed.
    await t.advanceClock(16 * 60);
    expect((await login(fresh.email, TEST_PASSWORD, address)).status).toBe(200);
  });
});
