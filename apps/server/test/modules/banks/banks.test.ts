import { commonMessages, paymentMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('banks, document types and the seller bank account', () => {
  let t: TestApp;
  let seller: User;
  let rival: User;
  let buyer: User;
  let bankId: number;
  let valid: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'banco_vendedora' });
    rival = await insertUserWithToken(t, { is_seller: true, username: 'banco_rival' });
    buyer = await insertUserWithToken(t, { username: 'banco_comprador' });
    const banks = (await t.request('GET', '/api/banks/list', { token: seller.token })).body as any[];
    bankId = banks.find((b) => b.name === 'Davivienda').id;
    valid = {
      bank_id: bankId,
      account_number: '0550123456789',
      account_type: 'ahorro',
      account_name: 'Vera Vendedora',
      account_document_type: 'CC',
      account_document_number: '1020304050',
    };
  });
  afterAll(() => t?.close());

  const own = (token: string) => t.request('GET', '/api/sellers-banks/get_by_seller_id/', { token });
  const create = (token: string, body: unknown) =>
    t.request('POST', '/api/sellers-banks/create', { token, body });
  /** A change of the account: the form's fields and the current password. */
  const change = (fields: Record<string, unknown> = {}) => ({
    ...valid,
    current_password: TEST_PASSWORD,
    ...fields,
  });

  it('lists the banks and the document types (id/value/label/name)', async () => {
    const banks = await t.request('GET', '/api/banks/list', { token: buyer.token });
    expect(banks.status).toBe(200);
    const names = banks.body.map((b: any) => b.name);
    for (const name of ['Bancolombia', 'Banco de Bogotá', 'Davivienda', 'BBVA Colombia', 'Banco Popular']) {
      expect(names).toContain(name);
    }
    expect(banks.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });

    const types = await t.request('GET', '/api/banks/document_types', { token: buyer.token });
    expect(types.body).toEqual([
      { id: expect.any(Number), value: 'CC', label: 'Cédula de ciudadanía', name: 'Cédula de ciudadanía' },
      { id: expect.any(Number), value: 'CE', label: 'Cédula de extranjería', name: 'Cédula de extranjería' },
      { id: expect.any(Number), value: 'NIT', label: 'NIT', name: 'NIT' },
      { id: expect.any(Number), value: 'PP', label: 'Pasaporte', name: 'Pasaporte' },
    ]);
    expect((await t.request('GET', '/api/banks/list')).status).toBe(401);
  });

  it('answers 404 while the seller has no account (with and without the trailing slash)', async () => {
    const res = await own(seller.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(m.bankAccountNotFound);
    expect(
      (await t.request('GET', '/api/sellers-banks/get_by_seller_id', { token: seller.token })).status,
    ).toBe(404);
  });

  it('gives every validation message of the bank form', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ bank_id: '' }, m.bankRequired],
      [{ bank_id: null }, m.bankRequired],
      [{ bank_id: 999_999 }, m.bankRequired],
      [{ account_number: '' }, m.accountNumberRequired],
      [{ account_number: '   ' }, m.accountNumberRequired],
      [{ account_number: '12-34' }, m.accountNumberDigits],
      [{ account_number: '12 34' }, m.accountNumberDigits],
      [{ account_type: '' }, m.accountTypeRequired],
      [{ account_type: 'nomina' }, m.accountTypeRequired],
      [{ account_name: ' ' }, m.accountNameRequired],
      [{ account_document_type: '' }, m.documentTypeRequired],
      [{ account_document_type: 'XX' }, m.documentTypeRequired],
      [{ account_document_number: '' }, m.documentNumberRequired],
    ];
    for (const [override, message] of cases) {
      const res = await create(seller.token, { ...valid, ...override });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const empty = await create(seller.token, {});
    expect(empty.body.errors).toEqual([
      m.bankRequired,
      m.accountNumberRequired,
      m.accountTypeRequired,
      m.accountNameRequired,
      m.documentTypeRequired,
      m.documentNumberRequired,
    ]);
    expect((await own(seller.token)).status).toBe(404);
  });

  it('registers one account for a seller; a second is a 409 with the exact Spanish message', async () => {
    const res = await create(seller.token, { ...valid, bank_id: String(bankId) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: m.bankAccountCreated,
      account: expect.objectContaining({
        id: expect.any(Number),
        bank_id: bankId,
        bank_name: 'Davivienda',
        account_number: '0550123456789',
        account_type: 'ahorro',
        account_name: 'Vera Vendedora',
        account_document_type: 'CC',
        account_document_number: '1020304050',
      }),
    });
    const read = await own(seller.token);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body.account);

    const second = await create(seller.token, { ...valid, account_number: '999' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(m.oneAccountOnly);
  });

  it('never lets concurrent creates make two accounts', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create(rival.token, valid)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.ctx.db
      .selectFrom('seller_bank_accounts')
      .select('id')
      .where('seller_id', '=', rival.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is for sellers only', async () => {
    const res = await create(buyer.token, valid);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(commonMessages.sellerOnly);
    expect((await create('', valid)).status).toBe(401);
  });

  it('updates the owner’s account; another user’s id is a 404 and nothing changes', async () => {
    const mine = (await own(seller.token)).body;
    const bbva = ((await t.request('GET', '/api/banks/list', { token: seller.token })).body as any[]).find(
      (b) => b.name === 'BBVA Colombia',
    );
    const res = await t.request('PUT', `/api/sellers-banks/update/${mine.id}`, {
      token: seller.token,
      body: change({ bank_id: bbva.id, account_type: 'corriente', account_document_type: 'CE' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: m.bankAccountUpdated,
      account: expect.objectContaining({
        bank_name: 'BBVA Colombia',
        account_type: 'corriente',
        account_document_type: 'CE',
      }),
    });

    const theirs = (await own(rival.token)).body;
    for (const token of [seller.token, buyer.token]) {
      const other = await t.request('PUT', `/api/sellers-banks/update/${theirs.id}`, {
        token,
        body: change({ account_name: 'Intruso' }),
      });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(m.bankAccountNotFound);
    }
    expect((await own(rival.token)).body.account_name).toBe('Vera Vendedora');

    const invalid = await t.request('PUT', `/api/sellers-banks/update/${mine.id}`, {
      token: seller.token,
      body: change({ account_number: 'abc' }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(m.accountNumberDigits);
    expect(
      (await t.request('PUT', '/api/sellers-banks/update/x', { token: seller.token, body: change() })).status,
    ).toBe(404);
  });

  describe('changing the payout account asks for the current password; the seller is told of every change', () => {
    const notices = (userId: number) =>
      t.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', 'bank_account_changed')
        .execute();

    it('a wrong or missing password changes nothing and sends no notice', async () => {
      const mine = (await own(seller.token)).body;
      const before = (await notices(seller.user.id)).length;
      const wrong = await t.request('PUT', `/api/sellers-banks/update/${mine.id}`, {
        token: seller.token,
        body: { ...valid, account_number: '999999999', current_password: 'no-es-la-clave' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('La contraseña actual es incorrecta');
      const missing = await t.request('PUT', `/api/sellers-banks/update/${mine.id}`, {
        token: seller.token,
        body: { ...valid, account_number: '999999999' },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('La contraseña actual es obligatoria');
      expect((await own(seller.token)).body.account_number).toBe(mine.account_number);
      expect(await notices(seller.user.id)).toHaveLength(before);

      // The rival's own password does not open the seller's account either: a 404 first.
      const theirs = (await own(rival.token)).body;
      const other = await t.request('PUT', `/api/sellers-banks/update/${theirs.id}`, {
        token: seller.token,
        body: change({ account_number: '111111111' }),
      });
      expect(other.status).toBe(404);
      expect(await notices(rival.user.id)).toHaveLength(1);
    });

    it('the right password changes it, and the seller gets a Spanish notice naming the new account', async () => {
      const mine = (await own(seller.token)).body;
      const before = (await notices(seller.user.id)).length;
      const res = await t.request('PUT', `/api/sellers-banks/update/${mine.id}`, {
        token: seller.token,
        body: change({ account_number: '7777000123' }),
      });
      expect(res.status).toBe(200);
      expect(res.body.account).not.toHaveProperty('current_password');
      const list = await notices(seller.user.id);
      expect(list).toHaveLength(before + 1);
      expect(list.at(-1)).toMatchObject({
        title: 'Cuenta bancaria modificada',
        message: expect.stringContaining('terminada en 0123'),
        link: '/seller/payments',
      });
      // It reaches the seller's notification list like any other.
      const listed = await t.request('GET', '/api/notifications', { token: seller.token });
      expect(JSON.stringify(listed.body)).toContain('Cuenta bancaria modificada');
    });

    it('registering the first account takes the form’s fields only, and tells the seller', async () => {
      const fresh = await insertUserWithToken(t, { is_seller: true });
      expect((await create(fresh.token, valid)).status).toBe(201);
      expect(await notices(fresh.user.id)).toEqual([
        expect.objectContaining({ title: 'Cuenta bancaria registrada' }),
      ]);
    });
  });
});
