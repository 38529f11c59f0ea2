import { adminMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openNotificationsSocket, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertBuyer, insertPaidBuyNowSale, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import type { TestApp } from '../../support/build-app.ts';
import { insertOperator, startModerationApp } from './operator-support.ts';

let t: TestApp, operator: TestUser, seller: TestUser, bidderA: TestUser, bidderB: TestUser;
beforeAll(async () => void ({ t, operator, seller, bidderA, bidderB } = await startModerationApp()));
afterAll(() => t?.close());

const bid = (who: TestUser, auctionId: number, productId: number, amount: number) =>
  t.request('POST', '/api/bids/create-bid', {
    token: who.token,
    body: { auction_id: auctionId, product_id: productId, amount },
  });

const takedown = (productId: number, reason = 'Réplica no autorizada') =>
  t.request('POST', `/api/admin/products/${productId}/takedown`, { token: operator.token, body: { reason } });

describe('taking a product down', () => {
  it('during live bidding: bids void, bidders and watchers told, the live channel says so, the product gone', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      product: { name: 'Ferrari Testarossa Retirable', reserve_price: 1_000_00 },
    });
    const [target, sibling] = products as [(typeof products)[0], (typeof products)[0]];
    sibling.name = 'Hermano Intacto';
    await t.ctx.db.updateTable('products').set({ name: sibling.name }).where('id', '=', sibling.id).execute();
    const watcher = await insertUserWithToken(t, { username: 'mirona' });
    expect((await t.request('POST', `/api/watchlist/${target.id}`, { token: watcher.token })).status).toBe(
      200,
    );
    expect((await bid(bidderA, auction.id, target.id, 10_000)).status).toBe(201);
    expect((await bid(bidderB, auction.id, target.id, 12_000)).status).toBe(201);
    expect((await bid(bidderA, auction.id, sibling.id, 5_000)).status).toBe(201);

    const live = await openSocket(wsUrl(t.url, `/auctions/api/bids/ws/bids/${auction.id}/${target.id}`));
    await live.subscribed();
    // Bids keep arriving while the operator acts: each either lands before (and is voided) or
    // finds the product gone.
    const storm = Array.from({ length: 6 }, (_, i) =>
      bid(i % 2 ? bidderA : bidderB, auction.id, target.id, 13_000 + i * 1000),
    );
    const res = await takedown(target.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ product_id: target.id, message: adminMessages.takedownDone });
    for (const answer of await Promise.all(storm)) expect([201, 400, 404, 409]).toContain(answer.status);

    const message = await live.waitFor((m) => m.message === 'taken_down');
    expect(message).toEqual({
      message: 'taken_down',
      product_id: target.id,
      text: 'Este producto fue retirado',
    });
    live.close();

    const bids = await t.ctx.db.selectFrom('bids').select('id').where('product_id', '=', target.id).execute();
    expect(bids).toEqual([]);
    const siblingBids = await t.ctx.db
      .selectFrom('bids')
      .select('id')
      .where('product_id', '=', sibling.id)
      .execute();
    expect(siblingBids).toHaveLength(1);
    const late = await bid(bidderA, auction.id, target.id, 50_000);
    expect(late.status).toBe(404);
    expect(
      await t.ctx.db.selectFrom('bids').select('id').where('product_id', '=', target.id).execute(),
    ).toEqual([]);

    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'message'])
      .where('type', '=', 'product_taken_down')
      .execute();
    const byUser = new Map(notices.map((n) => [n.user_id, n.message]));
    expect(byUser.get(seller.user.id)).toBe(
      adminMessages.takedownOwner('Ferrari Testarossa Retirable', 'Réplica no autorizada'),
    );
    expect(byUser.get(bidderA.user.id)).toBe(adminMessages.takedownBidder('Ferrari Testarossa Retirable'));
    expect(byUser.get(bidderB.user.id)).toBe(adminMessages.takedownBidder('Ferrari Testarossa Retirable'));
    expect(byUser.get(watcher.user.id)).toBe(adminMessages.takedownWatcher('Ferrari Testarossa Retirable'));

    // Gone from every page and list for everyone but its owner and the operators.
    for (const path of [
      `/api/auctions/get_auction_product_by_id/${target.id}`,
      `/api/products/get_product/${target.id}`,
      `/api/products/get_product_buy/${target.id}`,
    ]) {
      const seen = await t.request('GET', path, { token: bidderA.token });
      expect(seen.status, path).toBe(404);
      expect(seen.body.message, path).toBe('Este producto fue retirado');
    }
    expect(
      (await t.request('GET', `/api/products/get_product/${target.id}`, { token: seller.token })).status,
    ).toBe(200);
    expect(
      (await t.request('GET', `/api/products/get_product/${target.id}`, { token: operator.token })).status,
    ).toBe(200);
    const inAuction = await t.request('GET', `/api/auctions/get_products_by_auction_id/${auction.id}`, {
      token: bidderA.token,
    });
    expect(JSON.stringify(inAuction.body)).not.toContain('Retirable');
    expect(JSON.stringify(inAuction.body)).toContain(sibling.name);
    const listed = await t.request('GET', '/api/auctions/list?page=1&size=50');
    expect(JSON.stringify(listed.body)).not.toContain('Retirable');
    const found = await t.request(
      'GET',
      `/api/auctions/search/${encodeURIComponent('Testarossa Retirable')}`,
    );
    expect(JSON.stringify(found.body)).not.toContain('Retirable');
    const watchlist = await t.request('GET', '/api/watchlist', { token: watcher.token });
    expect(watchlist.body.items).toEqual([]);

    const again = await takedown(target.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(adminMessages.productAlreadyTakenDown);

    const audit = await t.request('GET', '/api/admin/audit', { token: operator.token });
    expect(audit.body.items[0]).toMatchObject({
      action: 'takedown',
      target_type: 'product',
      target_id: String(target.id),
      target_label: 'Ferrari Testarossa Retirable',
      note: 'Réplica no autorizada',
      actor_username: 'operadora_moderacion',
    });
  });

  it('a sold product cannot be taken down (409); an unknown one is a 404; the reason is required', async () => {
    const buyer = await insertBuyer(t, 'compradora_mod');
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 40_000, 'Vendido de verdad');
    const sold = await takedown(product.id);
    expect(sold.status).toBe(409);
    expect(sold.body.message).toBe(adminMessages.productSoldCannotTakeDown);
    expect((await takedown(999_999)).status).toBe(404);
    const available = await insertProduct(t.ctx.db, seller.user.id, { name: 'Sin motivo' });
    const noReason = await t.request('POST', `/api/admin/products/${available.id}/takedown`, {
      token: operator.token,
      body: { reason: '   ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(adminMessages.reasonRequired);
  });

  it('a buy-now checkout in progress is cancelled; the product leaves the buy-now lists', async () => {
    const buyer = await insertBuyer(t, 'comprador_checkout');
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 30_000_00, 'Checkout Retirable');
    const started = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(started.status).toBe(200);
    expect((await takedown(product.id)).status).toBe(200);
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['status'])
      .where('id', '=', started.body.payment_id)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('cancelled');
    const byUser = await t.request('GET', `/api/products/get_buy_now_products_by_user/${seller.user.id}`);
    expect(JSON.stringify(byUser.body)).not.toContain('Checkout Retirable');
    const again = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(again.status).not.toBe(200);
  });
});

describe('suspending an account', () => {
  it('ends every session and socket, refuses login, takes its unsold products down; reinstating lets it in again', async () => {
    const rogue = await insertUserWithToken(t, { username: 'vendedor_suspendible', is_seller: true });
    const secondDevice = await t.login(rogue.user.email, TEST_PASSWORD);
    const shelf = await insertProduct(t.ctx.db, rogue.user.id, { name: 'Estante Suspendido' });
    const { auction, products } = await insertAuction(t.ctx.db, rogue.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      product: { name: 'Subastado Suspendido' },
    });
    expect((await bid(bidderA, auction.id, products[0]!.id, 9_000)).status).toBe(201);
    const socket = await openNotificationsSocket(t.url, rogue.token);
    await socket.waitFor((m) => m.message === 'unread_count');

    const res = await t.request('POST', `/api/admin/users/${rogue.user.id}/suspend`, {
      token: operator.token,
      body: { reason: 'Vende réplicas' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ status: 'suspended', suspension_reason: 'Vende réplicas' });
    expect(res.body.products_taken_down).toBe(2);

    expect(await socket.closed).toBe(4401);
    for (const token of [rogue.token, secondDevice]) {
      expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(401);
      expect((await bid({ ...rogue, token }, auction.id, products[0]!.id, 99_000)).status).toBe(401);
    }
    const login = await t.request('POST', '/api/users/login', {
      body: { email: rogue.user.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Tu cuenta está suspendida. Escríbenos a soporte para más información.');
    const wrong = await t.request('POST', '/api/users/login', {
      body: { email: rogue.user.email, password: 'otra-cosa' },
    });
    expect(wrong.status).toBe(401);

    const statuses = await t.ctx.db
      .selectFrom('products')
      .select(['status', 'taken_down_at'])
      .where('owner_id', '=', rogue.user.id)
      .execute();
    expect(statuses.every((p) => p.status === 'cancelled' && p.taken_down_at !== null)).toBe(true);
    expect(
      (await t.request('GET', `/api/products/get_product/${shelf.id}`, { token: bidderA.token })).status,
    ).toBe(404);

    const twice = await t.request('POST', `/api/admin/users/${rogue.user.id}/suspend`, {
      token: operator.token,
      body: { reason: 'otra vez' },
    });
    expect(twice.status).toBe(409);
    const listed = await t.request('GET', '/api/admin/users?query=suspendible', { token: operator.token });
    expect(listed.body.items).toEqual([expect.objectContaining({ id: rogue.user.id, status: 'suspended' })]);

    const back = await t.request('POST', `/api/admin/users/${rogue.user.id}/reinstate`, {
      token: operator.token,
      body: {},
    });
    expect(back.status).toBe(200);
    expect(back.body.user.status).toBe('active');
    expect(
      (await t.request('POST', `/api/admin/users/${rogue.user.id}/reinstate`, { token: operator.token }))
        .status,
    ).toBe(409);
    const token = await t.login(rogue.user.email, TEST_PASSWORD);
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(200);
    // Products taken down stay down.
    expect(
      (await t.request('GET', `/api/products/get_product/${shelf.id}`, { token: bidderA.token })).status,
    ).toBe(404);

    const actions = (
      await t.request('GET', '/api/admin/audit?size=5', { token: operator.token })
    ).body.items.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 2)).toEqual(['reinstate', 'suspend']);
  }, 240_000);

  it('an operator can neither suspend themselves nor another operator; an unknown user is a 404', async () => {
    const self = await t.request('POST', `/api/admin/users/${operator.user.id}/suspend`, {
      token: operator.token,
      body: { reason: 'prueba' },
    });
    expect(self.status).toBe(409);
    const other = await insertOperator(t, 'otro_operador');
    const peer = await t.request('POST', `/api/admin/users/${other.user.id}/suspend`, {
      token: operator.token,
      body: { reason: 'prueba' },
    });
    expect(peer.status).toBe(409);
    const missing = await t.request('POST', '/api/admin/users/999999/suspend', {
      token: operator.token,
      body: { reason: 'prueba' },
    });
    expect(missing.status).toBe(404);
  });
});
