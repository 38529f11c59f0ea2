import { adminMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import type { TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from './operator-support.ts';

let t: TestApp;
let operator: TestUser;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  operator = await insertOperator(t, 'operadora_vista');
  seller = await insertUserWithToken(t, { username: 'vendedor_vista', is_seller: true });
  buyer = await insertUserWithToken(t, { username: 'comprador_vista' });
});
afterAll(async () => {
  await t?.close();
});

const takedown = (productId: number) =>
  t.request('POST', `/api/admin/products/${productId}/takedown`, {
    token: operator.token,
    body: { reason: 'Artículo prohibido' },
  });

/** Who sees what: 'visible' (200) or 'gone' (404 'Este producto fue retirado'). */
async function expectSeen(
  path: string,
  seen: { anonymous?: 'gone'; buyer: 'gone'; owner: 'visible'; operator: 'visible' },
) {
  const viewers: Array<[string, string | undefined, 'visible' | 'gone']> = [
    ['buyer', buyer.token, seen.buyer],
    ['owner', seller.token, seen.owner],
    ['operator', operator.token, seen.operator],
  ];
  if (seen.anonymous) viewers.push(['anonymous', undefined, seen.anonymous]);
  for (const [who, token, expected] of viewers) {
    const res = await t.request('GET', path, token ? { token } : {});
    if (expected === 'visible') expect(res.status, `${who} ${path}`).toBe(200);
    else {
      expect(res.status, `${who} ${path}`).toBe(404);
      expect(res.body.message, `${who} ${path}`).toBe(adminMessages.productTakenDown);
    }
  }
}

describe('a product taken down', () => {
  it('stays visible to its owner and the operators on the buy-now read and its questions; 404 to others', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 90_000_00, 'Funko Pop Retirado');
    const asked = await t.request('POST', '/api/questions', {
      token: buyer.token,
      body: { product_id: product.id, text: '¿La caja viene en buen estado?' },
    });
    expect(asked.status).toBe(201);
    expect((await takedown(product.id)).status).toBe(200);

    const all = { anonymous: 'gone', buyer: 'gone', owner: 'visible', operator: 'visible' } as const;
    await expectSeen(`/api/products/get_product_buy/${product.id}`, all);
    await expectSeen(`/api/questions/product/${product.id}`, all);
    const questions = await t.request('GET', `/api/questions/product/${product.id}`, { token: seller.token });
    expect(questions.body.items.map((q: { text: string }) => q.text)).toEqual([
      '¿La caja viene en buen estado?',
    ]);
  });

  it('cannot be followed nor asked about by anyone else (404)', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 90_000_00, 'Funko Pop Oculto');
    expect((await takedown(product.id)).status).toBe(200);

    const watched = await t.request('POST', `/api/watchlist/${product.id}`, { token: buyer.token });
    expect(watched.status).toBe(404);
    expect(watched.body.message).toBe(adminMessages.productTakenDown);
    const list = await t.request('GET', '/api/watchlist', { token: buyer.token });
    expect(list.body.items).toEqual([]);

    const asked = await t.request('POST', '/api/questions', {
      token: buyer.token,
      body: { product_id: product.id, text: '¿Todavía está disponible?' },
    });
    expect(asked.status).toBe(404);
    expect(asked.body.message).toBe(adminMessages.productTakenDown);
  });

  it('keeps its earlier auction page for its owner and the operators; 404 to others', async () => {
    const now = t.ctx.clock.now();
    const { products } = await insertAuction(t.ctx.db, seller.user.id, {
      now,
      status: 'ended',
      productCount: 1,
      startTime: new Date(now.getTime() - 48 * 3600_000),
      endTime: new Date(now.getTime() - 24 * 3600_000),
      product: { name: 'Carrera Vuelta al Estante' },
    });
    const product = products[0]!;
    // Unsold in that auction: back on the seller's shelf, no longer in any auction.
    await t.ctx.db
      .updateTable('products')
      .set({ status: 'available', auction_id: null })
      .where('id', '=', product.id)
      .execute();
    expect((await takedown(product.id)).status).toBe(200);
    await expectSeen(`/api/auctions/get_auction_product_by_id/${product.id}`, {
      buyer: 'gone',
      owner: 'visible',
      operator: 'visible',
    });
  });
});
