import {
  CONTACT_SAFETY_MESSAGE,
  contactSafetyAllowed,
  contactSafetyRefused,
  questionMessages as messages,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../factories/images.ts';
import { createProductPayload, insertProduct, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('questions on a listing', () => {
  let t: TestApp;
  let seller: User;
  let otherSeller: User;
  let ana: User;
  let beto: User;
  let product: { id: number; name: string };

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'q_vendedora' });
    otherSeller = await insertUserWithToken(t, { is_seller: true, username: 'q_otro' });
    ana = await insertUserWithToken(t, { username: 'q_ana' });
    beto = await insertUserWithToken(t, { username: 'q_beto' });
    product = await insertProduct(t.ctx.db, seller.user.id, { name: 'Skyline R34 1:64' });
  });
  afterAll(() => t?.close());

  const ask = (token: string, body: unknown) => t.request('POST', '/api/questions', { token, body });
  const listFor = async (productId: number, query = '') =>
    (await t.request('GET', `/api/questions/product/${productId}${query}`)).body;
  const notificationsOf = async (token: string, type: string) =>
    ((await t.request('GET', '/api/notifications?size=100', { token })).body.data as any[]).filter(
      (n) => n.type === type,
    );

  it('asks, lists publicly newest first with the contract shape, notifies the owner', async () => {
    const first = await ask(ana.token, {
      product_id: product.id,
      text: '  ¿Viene en su blíster original?  ',
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(messages.asked);
    expect(first.body.question).toMatchObject({
      text: '¿Viene en su blíster original?',
      asker_username: 'q_ana',
      answer: null,
    });
    await t.advanceClock(1);
    const second = await ask(beto.token, { product_id: product.id, text: '¿Las llantas son de goma?' });
    expect(second.status).toBe(201);

    // Public: no token needed.
    const page = await listFor(product.id);
    expect(page.meta).toEqual({ total: 2, pages: 1, page: 1, size: 10 });
    expect(page.items.map((q: any) => q.asker_username)).toEqual(['q_beto', 'q_ana']);
    expect(Object.keys(page.items[0]).sort()).toEqual([
      'answer',
      'asker_username',
      'created_at',
      'id',
      'text',
    ]);
    expect(page.items[0].created_at).toMatch(/Z$/);

    const note = await notificationsOf(seller.token, 'question');
    expect(note).toHaveLength(2);
    expect(note[0]).toMatchObject({
      title: messages.newQuestionTitle,
      message: messages.newQuestion('q_beto', 'Skyline R34 1:64'),
      link: '/questions',
    });
    const paged = await listFor(product.id, '?page=2&size=1');
    expect(paged.items.map((q: any) => q.asker_username)).toEqual(['q_ana']);
    expect(paged.meta).toEqual({ total: 2, pages: 2, page: 2, size: 1 });
  });

  it('refuses the owner, unknown, sold and withdrawn products, short and long texts, anonymous callers', async () => {
    expect(
      (await ask(seller.token, { product_id: product.id, text: 'Pregunta de la dueña' })).body,
    ).toMatchObject({
      message: messages.ownProduct,
    });
    expect((await ask(seller.token, { product_id: product.id, text: 'Pregunta de la dueña' })).status).toBe(
      403,
    );
    expect((await ask(ana.token, { product_id: 999_999, text: '¿Sigue disponible?' })).status).toBe(404);
    for (const status of ['sold', 'shipped', 'delivered', 'cancelled'] as const) {
      const closed = await insertProduct(t.ctx.db, seller.user.id, { status });
      const res = await ask(ana.token, { product_id: closed.id, text: '¿Sigue disponible?' });
      expect(res.status, status).toBe(409);
      expect(res.body.message).toBe(messages.productClosed);
    }
    const short = await ask(ana.token, { product_id: product.id, text: '  corta   ' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(messages.textTooShort);
    const long = await ask(ana.token, { product_id: product.id, text: 'a'.repeat(501) });
    expect(long.body.message).toBe(messages.textTooLong);
    expect((await ask(ana.token, { product_id: product.id, text: 'a'.repeat(500) })).status).toBe(201);
    expect(
      (await t.request('POST', '/api/questions', { body: { product_id: product.id, text: 'x'.repeat(20) } }))
        .status,
    ).toBe(401);
    expect((await t.request('GET', '/api/questions/product/999999')).status).toBe(404);
    expect((await t.request('GET', '/api/questions/product/abc')).status).toBe(400);
  });

  it('the owner answers once (409 after); others get 403; the asker is notified with a link to the product', async () => {
    const asked = await ask(ana.token, { product_id: product.id, text: '¿Cuál es el año del modelo?' });
    const id = asked.body.question.id;
    expect(
      (
        await t.request('POST', `/api/questions/${id}/answer`, {
          token: otherSeller.token,
          body: { text: 'Yo sé' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request('POST', `/api/questions/${id}/answer`, {
          token: ana.token,
          body: { text: 'Respondo yo' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.request('POST', `/api/questions/${id}/answer`, { token: seller.token, body: { text: '   ' } }))
        .body.message,
    ).toBe(messages.answerRequired);
    expect(
      (
        await t.request('POST', `/api/questions/${id}/answer`, {
          token: seller.token,
          body: { text: 'x'.repeat(1001) },
        })
      ).body.message,
    ).toBe(messages.answerTooLong);
    const answered = await t.request('POST', `/api/questions/${id}/answer`, {
      token: seller.token,
      body: { text: 'Es del 2021, edición Car Culture.' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.question.answer).toMatchObject({ text: 'Es del 2021, edición Car Culture.' });
    const again = await t.request('POST', `/api/questions/${id}/answer`, {
      token: seller.token,
      body: { text: 'Otra respuesta' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.alreadyAnswered);

    const shown = (await listFor(product.id, '?size=100')).items.find((q: any) => q.id === id);
    expect(shown.answer.text).toBe('Es del 2021, edición Car Culture.');
    const [note] = await notificationsOf(ana.token, 'question_answered');
    expect(note).toMatchObject({
      title: messages.answeredTitle,
      message: messages.answeredMessage('Skyline R34 1:64'),
      link: `/products/buy/${product.id}`,
    });
    expect(
      (
        await t.request('POST', '/api/questions/999999/answer', {
          token: seller.token,
          body: { text: 'Hola' },
        })
      ).status,
    ).toBe(404);
  });

  it('two answers sent at once: exactly one is kept, the others get 409', async () => {
    const asked = await ask(beto.token, { product_id: product.id, text: '¿Tiene algún rayón visible?' });
    const id = asked.body.question.id;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('POST', `/api/questions/${id}/answer`, {
          token: seller.token,
          body: { text: `Respuesta ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.question.answer.text;
    const row = await t.ctx.db
      .selectFrom('questions')
      .select('answer_text')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.answer_text).toBe(winner);
    expect((await notificationsOf(beto.token, 'question_answered')).length).toBe(1);
  });

  it('the seller lists unanswered and answered questions of their own products only', async () => {
    const mine = await t.request('GET', '/api/questions/seller?status=unanswered&size=100', {
      token: seller.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    for (const q of mine.body.items) {
      expect(q.answer).toBeNull();
      expect(q).toMatchObject({
        product_id: product.id,
        product_name: 'Skyline R34 1:64',
        product_link: `/products/buy/${product.id}`,
      });
    }
    const answered = await t.request('GET', '/api/questions/seller?status=answered', { token: seller.token });
    expect(answered.body.items.length).toBe(2);
    expect(answered.body.items.every((q: any) => q.answer !== null)).toBe(true);
    const theirs = await t.request('GET', '/api/questions/seller', { token: otherSeller.token });
    expect(theirs.body).toEqual({ items: [], meta: { total: 0, pages: 0, page: 1, size: 20 } });
    expect(
      (await t.request('GET', '/api/questions/seller?status=todas', { token: seller.token })).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/questions/seller')).status).toBe(401);
  });

  it('the owner hides a question (others get 403): it leaves the product page and the seller list', async () => {
    const asked = await ask(beto.token, { product_id: product.id, text: '¿Me lo dejas más barato?' });
    const id = asked.body.question.id;
    expect((await t.request('DELETE', `/api/questions/${id}`, { token: otherSeller.token })).status).toBe(
      403,
    );
    expect((await t.request('DELETE', `/api/questions/${id}`, { token: beto.token })).status).toBe(403);
    const hidden = await t.request('DELETE', `/api/questions/${id}`, { token: seller.token });
    expect(hidden.status).toBe(200);
    expect(hidden.body.message).toBe(messages.hidden);
    expect((await t.request('DELETE', `/api/questions/${id}`, { token: seller.token })).status).toBe(200);
    expect((await listFor(product.id, '?size=100')).items.some((q: any) => q.id === id)).toBe(false);
    const list = await t.request('GET', '/api/questions/seller?size=100', { token: seller.token });
    expect(list.body.items.some((q: any) => q.id === id)).toBe(false);
    expect(
      (await t.request('POST', `/api/questions/${id}/answer`, { token: seller.token, body: { text: 'No' } }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', '/api/questions/999999', { token: seller.token })).status).toBe(404);
  });

  it('a seller blocks an asker from all their products; other sellers still take their questions', async () => {
    const pesky = await insertUserWithToken(t, { username: 'q_insistente' });
    const second = await insertProduct(t.ctx.db, seller.user.id, { name: 'Otro auto' });
    const elsewhere = await insertProduct(t.ctx.db, otherSeller.user.id, { name: 'Auto ajeno' });
    expect((await ask(pesky.token, { product_id: product.id, text: '¿Aceptas cambios?' })).status).toBe(201);

    // Only sellers block; unknown users 404; nobody blocks themselves.
    expect(
      (
        await t.request('POST', '/api/questions/block', {
          token: ana.token,
          body: { username: 'q_insistente' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request('POST', '/api/questions/block', {
          token: seller.token,
          body: { username: 'nadie_asi' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/questions/block', {
          token: seller.token,
          body: { username: 'q_vendedora' },
        })
      ).status,
    ).toBe(400);
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', '/api/questions/block', {
        token: seller.token,
        body: { username: 'Q_Insistente' },
      });
      expect(res.status).toBe(200);
    }
    for (const id of [product.id, second.id]) {
      const res = await ask(pesky.token, { product_id: id, text: '¿Aceptas cambios ahora?' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('El vendedor no recibe preguntas de tu cuenta');
    }
    expect(
      (await ask(pesky.token, { product_id: elsewhere.id, text: '¿Aceptas cambios aquí?' })).status,
    ).toBe(201);
  });

  it('hostile input is a 400, never a 500', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'texto',
      { product_id: '1', text: '¿Está disponible todavía?' },
      { product_id: -1, text: '¿Está disponible todavía?' },
      { product_id: 2 ** 40, text: '¿Está disponible todavía?' },
      { product_id: product.id, text: 12345678901 },
      { product_id: product.id, text: { $ne: null } },
      { product_id: product.id, text: '\u0000'.repeat(20) },
      { product_id: product.id, text: 'a'.repeat(200_000) },
    ];
    for (const body of bodies) {
      const res = await ask(ana.token, body);
      expect([400, 413], JSON.stringify(body).slice(0, 40)).toContain(res.status);
    }
    const nul = await ask(ana.token, { product_id: product.id, text: `¿Hola${'\u0000'}qué tal amigo?` });
    expect(nul.status).toBeLessThan(500);
    expect(
      (await t.request('POST', '/api/questions/1/answer', { token: seller.token, body: { text: ['x'] } }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.request('POST', '/api/questions/block', {
          token: seller.token,
          body: { username: 'a\u0000b' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('DELETE', '/api/questions/abc', { token: seller.token })).status).toBe(400);
  });

  describe('contact safety through the API', () => {
    let ids: Awaited<ReturnType<typeof referenceIds>>;
    let image: string;
    beforeAll(async () => {
      ids = await referenceIds(t.ctx.db);
      image = await pngDataUrl();
    });

    it.each(
      contactSafetyRefused,
    )('refuses %s in a question, an answer, a product and a bio', async (text) => {
      const question = await ask(beto.token, { product_id: product.id, text: `Hola, una pregunta: ${text}` });
      expect(question.status).toBe(400);
      expect(question.body.message).toBe(CONTACT_SAFETY_MESSAGE);

      const open = await ask(beto.token, { product_id: product.id, text: '¿Hacen envíos a Medellín?' });
      const answer = await t.request('POST', `/api/questions/${open.body.question.id}/answer`, {
        token: seller.token,
        body: { text: `Sí, ${text}` },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(CONTACT_SAFETY_MESSAGE);

      const created = await t.request('POST', '/api/products/create', {
        token: seller.token,
        body: createProductPayload(ids, image, { description: `Como nuevo. ${text}` }),
      });
      expect(created.status).toBe(400);
      expect(created.body.message).toBe(CONTACT_SAFETY_MESSAGE);

      const updated = await t.request('PUT', `/api/products/update/${product.id}`, {
        token: seller.token,
        body: { name: text.slice(0, 150) },
      });
      expect(updated.status).toBe(400);
      expect(updated.body.message).toBe(CONTACT_SAFETY_MESSAGE);

      const bio = await t.request('PUT', '/api/users/profile', {
        token: ana.token,
        body: { name: 'Ana', last_name: 'Pérez', bio: `Coleccionista. ${text}` },
      });
      expect(bio.status).toBe(400);
      expect(bio.body.message).toBe(CONTACT_SAFETY_MESSAGE);
    });

    it('accepts the allowed texts everywhere', async () => {
      const fresh = await insertUserWithToken(t, { username: 'q_curiosa' });
      for (const text of contactSafetyAllowed.slice(0, 8)) {
        const res = await ask(fresh.token, { product_id: product.id, text: `Pregunta: ${text}` });
        expect(res.status, text).toBe(201);
      }
      for (const text of contactSafetyAllowed) {
        const created = await t.request('POST', '/api/products/create', {
          token: seller.token,
          body: createProductPayload(ids, image, { description: text }),
        });
        expect(created.status, text).toBe(201);
        const bio = await t.request('PUT', '/api/users/profile', {
          token: ana.token,
          body: { name: 'Ana', last_name: 'Pérez', bio: text },
        });
        expect(bio.status, text).toBe(200);
      }
    });
  });
});
