import { attributeMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../factories/images.ts';
import { createProductPayload, type ReferenceIds, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('product condition and grading', () => {
  let t: TestApp;
  let ids: ReferenceIds;
  let image: string;
  let seller: { user: { id: number }; token: string };
  let other: { user: { id: number }; token: string };

  const cardPayload = (overrides: Record<string, unknown> = {}) =>
    createProductPayload(ids, image, {
      name: 'Charizard holográfico Set Base',
      category_id: ids.category['Cartas coleccionables'],
      brand_id: ids.brand.Pokémon,
      scale_id: null,
      ...overrides,
    });
  const create = (body: unknown, token = seller.token) =>
    t.request('POST', '/api/products/create', { token, body });
  const update = (id: number, body: unknown, token = seller.token) =>
    t.request('PUT', `/api/products/update/${id}`, { token, body });

  beforeAll(async () => {
    t = await startTestApp();
    ids = await referenceIds(t.ctx.db);
    image = await pngDataUrl();
    seller = await insertUserWithToken(t, { is_seller: true });
    other = await insertUserWithToken(t, { is_seller: true });
  });
  afterAll(() => t?.close());

  it('stores condition and grading on create and answers them on every product read', async () => {
    const res = await create(
      cardPayload({
        condition: 'nuevo_sin_caja',
        grading: { company: 'PSA', grade: 9.5, certificate: ' 12345678 ' },
        can_be_bought: true,
        sell_price: 900000,
      }),
    );
    expect(res.status).toBe(201);
    const expected = {
      condition: 'nuevo_sin_caja',
      grading: { company: 'PSA', grade: 9.5, certificate: '12345678' },
    };
    expect(res.body.product).toMatchObject(expected);
    const id = res.body.product.id;
    const own = await t.request('GET', `/api/products/get_product/${id}`, { token: seller.token });
    expect(own.body).toMatchObject(expected);
    const foreign = await t.request('GET', `/api/products/get_product/${id}`, { token: other.token });
    expect(foreign.body).toMatchObject(expected);
    const buy = await t.request('GET', `/api/products/get_product_buy/${id}`);
    expect(buy.body.product).toMatchObject(expected);
    const market = await t.request('GET', '/api/products/marketplace?size=100');
    expect(market.body.items.find((p: { id: number }) => p.id === id)).toMatchObject(expected);
  });

  it('leaves both empty when not given: null, "Sin especificar" and not graded', async () => {
    const res = await create(createProductPayload(ids, image));
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({ condition: null, grading: null });
    const row = await t.ctx.db
      .selectFrom('products')
      .select(['condition', 'grading_company', 'grading_grade', 'grading_certificate'])
      .where('id', '=', res.body.product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      condition: null,
      grading_company: null,
      grading_grade: null,
      grading_certificate: null,
    });
  });

  it('accepts every condition, whole and half grades at both ends, and no certificate', async () => {
    for (const condition of ['nuevo_en_caja', 'nuevo_sin_caja', 'usado', 'con_detalles']) {
      const res = await create(cardPayload({ condition }));
      expect(res.status, condition).toBe(201);
      expect(res.body.product.condition).toBe(condition);
    }
    for (const grade of [1, 1.5, 7, 8.5, 10]) {
      const res = await create(cardPayload({ grading: { company: 'BGS', grade } }));
      expect(res.status, String(grade)).toBe(201);
      expect(res.body.product.grading).toEqual({ company: 'BGS', grade, certificate: null });
    }
  });

  it('edits, keeps and clears them on update; absent fields stay', async () => {
    const created = await create(cardPayload({ condition: 'usado' }));
    const id = created.body.product.id;
    const graded = await update(id, { grading: { company: 'CGC', grade: 8, certificate: 'CGC-4471' } });
    expect(graded.status).toBe(200);
    expect(graded.body.product).toMatchObject({
      condition: 'usado',
      grading: { company: 'CGC', grade: 8, certificate: 'CGC-4471' },
    });
    const renamed = await update(id, { name: 'Charizard 1999' });
    expect(renamed.body.product).toMatchObject({ condition: 'usado', grading: { company: 'CGC', grade: 8 } });
    const cleared = await update(id, { condition: null, grading: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.product).toMatchObject({ condition: null, grading: null });
  });

  it('refuses hostile values with a Spanish message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ condition: 'como_nuevo' }, m.conditionInvalid],
      [{ condition: 'USADO' }, m.conditionInvalid],
      [{ condition: 3 }, m.conditionInvalid],
      [{ condition: "usado'; drop table products; --" }, m.conditionInvalid],
      [{ grading: { company: 'XYZ', grade: 9 } }, m.gradingCompanyInvalid],
      [{ grading: { company: 'psa', grade: 9 } }, m.gradingCompanyInvalid],
      [{ grading: { company: 'PSA', grade: 9.3 } }, m.gradeInvalid],
      [{ grading: { company: 'PSA', grade: 0.5 } }, m.gradeInvalid],
      [{ grading: { company: 'PSA', grade: 10.5 } }, m.gradeInvalid],
      [{ grading: { company: 'PSA', grade: '9' } }, m.gradeInvalid],
      [{ grading: { company: 'PSA', grade: Number.NaN } }, m.gradeInvalid],
      [{ grading: { company: 'PSA' } }, m.gradeInvalid],
      [{ grading: { company: 'PSA', grade: 9, certificate: 'x'.repeat(31) } }, m.certificateTooLong],
      [
        { grading: { company: 'PSA', grade: 9, certificate: '<script>alert(1)</script>' } },
        m.certificateInvalid,
      ],
      [{ grading: { company: 'PSA', grade: 9, certificate: 12 } }, m.certificateInvalid],
      [{ grading: 'PSA 10' }, m.gradingInvalid],
    ];
    const before = await t.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const existing = (await create(cardPayload())).body.product.id;
    for (const [fields, message] of cases) {
      const created = await create(cardPayload(fields));
      expect(created.status, JSON.stringify(fields)).toBe(400);
      expect(created.body.errors, JSON.stringify(fields)).toContain(message);
      const edited = await update(existing, fields);
      expect(edited.status, JSON.stringify(fields)).toBe(400);
      expect(edited.body.errors).toContain(message);
    }
    const after = await t.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    const row = await t.request('GET', `/api/products/get_product/${existing}`, { token: seller.token });
    expect(row.body).toMatchObject({ condition: null, grading: null });
  });

  it('grades only trading cards: a grading elsewhere is a 400 on create and on update', async () => {
    const grading = { company: 'PSA', grade: 10, certificate: null };
    const car = createProductPayload(ids, image, { name: 'Hot Wheels Calificado' });
    const refused = await create({ ...car, grading });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(m.gradingOnlyCards);
    expect(refused.body.fields).toMatchObject({ grading: m.gradingOnlyCards });
    const created = await create({ ...car, condition: 'usado' });
    expect(created.status).toBe(201);
    const id = created.body.product.id;
    const edited = await update(id, { grading });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe(m.gradingOnlyCards);
    expect((await update(id, { grading: null, condition: 'nuevo_en_caja' })).status).toBe(200);
    const row = await t.request('GET', `/api/products/get_product/${id}`, { token: seller.token });
    expect(row.body).toMatchObject({ grading: null });
  });

  it("lets only the owner change them: another seller's edit is a 404", async () => {
    const id = (await create(cardPayload({ condition: 'usado' }))).body.product.id;
    const res = await update(id, { condition: 'nuevo_en_caja' }, other.token);
    expect(res.status).toBe(404);
    const row = await t.request('GET', `/api/products/get_product/${id}`, { token: seller.token });
    expect(row.body.condition).toBe('usado');
  });

  it('the database itself refuses a grade off the half-point steps or a grade without its company', async () => {
    const id = (await create(cardPayload())).body.product.id;
    await expect(
      t.ctx.db
        .updateTable('products')
        .set({ grading_company: 'PSA', grading_grade: 9.3 })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.updateTable('products').set({ grading_grade: 9 }).where('id', '=', id).execute(),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.updateTable('products').set({ condition: 'roto' }).where('id', '=', id).execute(),
    ).rejects.toThrow();
  });

  it('concurrent edits of the attributes leave one of the values whole, never a mix', async () => {
    const id = (await create(cardPayload())).body.product.id;
    const gradings = [
      { company: 'PSA', grade: 10, certificate: 'A1' },
      { company: 'BGS', grade: 9.5, certificate: 'B2' },
      { company: 'CGC', grade: 9, certificate: 'C3' },
      { company: 'SGC', grade: 8.5, certificate: 'D4' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => update(id, { grading: gradings[i % 4], condition: 'usado' })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const row = await t.request('GET', `/api/products/get_product/${id}`, { token: seller.token });
    expect(gradings).toContainEqual(row.body.grading);
  });
});
