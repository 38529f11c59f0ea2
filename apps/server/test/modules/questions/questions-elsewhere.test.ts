import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

/** Questions where other features meet them: reports, retries, the asker's data export. */
describe('questions beyond their own pages', () => {
  let t: TestApp;
  let seller: User;
  let asker: User;
  let reporter: User;
  let operator: User;
  let questionId: number;
  let productId: number;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'qe_vendedor' });
    asker = await insertUserWithToken(t, { username: 'qe_pregunta' });
    reporter = await insertUserWithToken(t, { username: 'qe_denuncia' });
    operator = await insertOperator(t, 'qe_operadora');
    productId = (await insertProduct(t.ctx.db, seller.user.id, { name: 'Mustang 1:18' })).id;
    const asked = await t.request('POST', '/api/questions', {
      token: asker.token,
      body: { product_id: productId, text: '¿Las puertas abren y cierran bien?' },
    });
    expect(asked.status).toBe(201);
    questionId = asked.body.question.id;
  }, 300_000);
  afterAll(() => t?.close());

  it('a question can be reported; the operator sees its text and the page it is on', async () => {
    const report = await t.request('POST', '/api/reports', {
      token: reporter.token,
      body: { target_type: 'question', target_id: questionId, reason: 'ofensivo' },
    });
    expect(report.status).toBe(201);
    const again = await t.request('POST', '/api/reports', {
      token: reporter.token,
      body: { target_type: 'question', target_id: questionId, reason: 'otro' },
    });
    expect(again.status).toBe(409);
    const unknown = await t.request('POST', '/api/reports', {
      token: reporter.token,
      body: { target_type: 'question', target_id: questionId + 1000, reason: 'otro' },
    });
    expect(unknown.status).toBe(404);

    const list = await t.request('GET', '/api/admin/reports?status=open', { token: operator.token });
    expect(list.status).toBe(200);
    const item = (list.body.items as any[]).find((r) => r.target_type === 'question');
    expect(JSON.stringify(item)).toContain('¿Las puertas abren y cierran bien?');
    expect(JSON.stringify(item)).toContain(`/products/buy/${productId}`);
  });

  it('asking twice with one Idempotency-Key asks once and answers the first answer again', async () => {
    const send = () =>
      t.request('POST', '/api/questions', {
        token: reporter.token,
        headers: { 'idempotency-key': 'pregunta-1' },
        body: { product_id: productId, text: '¿Incluye la caja original?' },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.question.id).toBe(first.body.question.id);
    const page = await t.request('GET', `/api/questions/product/${productId}`);
    expect((page.body.items as any[]).filter((q) => q.text === '¿Incluye la caja original?')).toHaveLength(1);
  });

  it("the asker's and the seller's data exports carry the question, nobody else's", async () => {
    const mine = await t.request('GET', '/api/users/me/export', { token: asker.token });
    expect(mine.status).toBe(200);
    expect(mine.body.questions).toEqual([
      expect.objectContaining({ id: questionId, role: 'asker', product_id: productId, hidden: false }),
    ]);
    const sellers = await t.request('GET', '/api/users/me/export', { token: seller.token });
    expect((sellers.body.questions as any[]).map((q) => q.role)).toEqual(['seller', 'seller']);
    const operators = await t.request('GET', '/api/users/me/export', { token: operator.token });
    expect(operators.body.questions).toEqual([]);
  });
});
