import * as contracts from '@app/contracts';
import { type EndpointDefinition, endpointUrl } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct, insertPastAuctionSale, insertWonItem } from '../../factories/payments.ts';
import {
  approvePayment,
  insertBuyer,
  insertPaidBuyNowSale,
  ship,
  type TestUser,
} from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { openedClaim, shippedSale } from '../claims/claims-support.ts';
import { insertBankAccount } from '../operator/operator-support.ts';

/*
 * One user who has done everything (won, paid, bought directly, bid, asked, claimed, rated,
 * saved a search, watched a product, sold, had a claim refunded, operates the marketplace)
 * reads every GET endpoint the contracts declare; each answer is judged by its declared schema.
 * The walk comes from the declarations, so a new endpoint is read here as soon as it exists:
 * one with path parameters needs a line in `PARAMS` (or a reason in `NOT_READ`).
 */

interface World {
  me: TestUser;
  seller: TestUser;
  auctionId: number;
  auctionProductId: number;
  boughtProductId: number;
  ownProductId: number;
  claimId: number;
  payoutId: string;
}

/** How each path's parameters are filled from the world this user built. */
const PARAMS: Record<string, (w: World) => Record<string, string | number>> = {
  '/api/auctions/get_auction_by_seller_id/:id': (w) => ({ id: w.seller.user.id }),
  '/api/auctions/get_products_by_auction_id/:id': (w) => ({ id: w.auctionId }),
  '/api/auctions/get_auction_product_by_id/:id': (w) => ({ id: w.auctionProductId }),
  '/api/auctions/search/*': () => ({ '*': 'funko' }),
  '/api/bids/get_bids_by_auction/:auctionId/:productId': (w) => ({
    auctionId: w.auctionId,
    productId: w.auctionProductId,
  }),
  '/api/bids/max/:auctionId/:productId': (w) => ({ auctionId: w.auctionId, productId: w.auctionProductId }),
  '/api/brands/:categoryId': () => ({ categoryId: 1 }),
  '/api/catalog/sold/:productId': (w) => ({ productId: w.boughtProductId }),
  '/api/claims/:id': (w) => ({ id: w.claimId }),
  '/api/claims/:id/context': (w) => ({ id: w.claimId }),
  '/api/pending-payments/get/:id': (w) => ({ id: w.payoutId }),
  '/api/products/get_product/:id': (w) => ({ id: w.ownProductId }),
  '/api/products/get_product_buy/:id': (w) => ({ id: w.ownProductId }),
  '/api/products/get_similar_buy_products/:id': (w) => ({ id: w.ownProductId }),
  '/api/products/get_buy_now_products/*': (w) => ({ '*': String(w.ownProductId) }),
  '/api/products/get_buy_now_products_by_user/:userId': (w) => ({ userId: w.me.user.id }),
  '/api/products/get_products_by_category/:categoryId': () => ({ categoryId: 1 }),
  '/api/questions/product/:productId': (w) => ({ productId: w.ownProductId }),
  '/api/follows/:username': (w) => ({ username: w.seller.user.username }),
  '/api/ratings/seller/:username': (w) => ({ username: w.seller.user.username }),
  '/api/users/public/:username': (w) => ({ username: w.me.user.username }),
  '/api/users/public/id/:id': (w) => ({ id: w.me.user.id }),
};

/** GETs that are not a read of this user's data. */
const NOT_READ: Record<string, string> = {
  '/api/invitations/:token': 'an invitation link, read by someone without an account',
  '/api/notifications/mark_as_read/:id': 'marks a notification read: a write kept as GET',
};

interface Declared {
  name: string;
  endpoint: EndpointDefinition;
}

function declaredReads(): Declared[] {
  const reads: Declared[] = [];
  for (const [groupName, group] of Object.entries(contracts)) {
    if (!groupName.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
    for (const [name, candidate] of Object.entries(group)) {
      const endpoint = candidate as EndpointDefinition;
      // A GET that writes (starts an auction, makes a link, marks read) is not a read.
      if (endpoint?.method !== 'GET' || endpoint.writes) continue;
      reads.push({ name: `${groupName}.${name}`, endpoint });
    }
  }
  return reads;
}

describe('every list endpoint, read by a user who has done everything', { timeout: 300_000 }, () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    const now = t.ctx.clock.now();
    const seller = await insertUserWithToken(t, { is_seller: true, username: 'todo_vendedora' });
    const me = await insertBuyer(t, 'todo_usuario');
    const other = await insertBuyer(t, 'todo_otro');
    const db = t.ctx.db;
    await db
      .updateTable('users')
      .set({ is_seller: true, is_operator: true })
      .where('id', '=', me.user.id)
      .execute();
    await insertBankAccount(t, me.user.id);

    // Won and paid, won and unpaid, and a past auction sale whose auction left no record.
    const paid = await insertWonItem(db, { sellerId: seller.user.id, buyerId: me.user.id, now });
    expect((await approvePayment(t, paid.paymentId, 150_000)).body.result).toBe('confirmed');
    await insertWonItem(db, {
      sellerId: seller.user.id,
      buyerId: me.user.id,
      now,
      productName: 'Matchbox Mini',
    });
    await insertPastAuctionSale(db, {
      sellerId: seller.user.id,
      buyerId: me.user.id,
      now,
      name: 'Tomica antiguo',
      daysAgo: 20,
    });

    // Bought directly, received and rated; another bought, shipped and claimed.
    const bought = await insertPaidBuyNowSale(t, seller, me, 30_000, 'Funko Pop Krillin');
    await ship(t, seller, bought.product.id);
    const confirm = (token: string, productId: number) =>
      t.request('POST', '/api/products/confirm_delivery', { token, body: { product_id: productId } });
    expect((await confirm(me.token, bought.product.id)).status).toBe(200);
    const rated = await t.request('POST', '/api/ratings', {
      token: me.token,
      body: { product_id: bought.product.id, score: 4, comment: 'Llegó bien empacado.' },
    });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    const claimed = await shippedSale(t, seller, me, 'Hot Wheels Supra');
    const claim = await openedClaim(t, me, claimed.product.id);

    // A running auction it bids on, a product it asks about, watches; a saved search.
    const { auction, products } = await insertAuction(db, seller.user.id, { now, productCount: 1 });
    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: me.token,
      body: { amount: 20_000, auction_id: auction.id, product_id: products[0]!.id },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    const forSale = await insertBuyNowProduct(db, seller.user.id, 90_000_00, 'Funko Pop Piccolo');
    const ask = async (token: string, productId: number, text: string) => {
      const res = await t.request('POST', '/api/questions', { token, body: { product_id: productId, text } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await ask(me.token, forSale.id, '¿Viene en su caja original?');
    expect((await t.request('POST', `/api/watchlist/${forSale.id}`, { token: me.token })).status).toBe(200);
    await db.updateTable('products').set({ accepts_offers: true }).where('id', '=', forSale.id).execute();
    const offered = await t.request('POST', '/api/offers', {
      token: me.token,
      body: { product_id: forSale.id, amount: 80_000 },
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const saved = await t.request('POST', '/api/saved-searches', {
      token: me.token,
      body: { name: 'Funkos', filters: { q: 'funko' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // Follows the seller it bought from.
    const followed = await t.request('POST', `/api/follows/${seller.user.username}`, { token: me.token });
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);

    // As a seller: a sale whose claim it refunded (its payout cancelled), a question received.
    const sold = await shippedSale(t, me, other, 'Carta Charizard');
    const soldClaim = await openedClaim(t, other, sold.product.id);
    const refunded = await t.request('POST', `/api/claims/${soldClaim.id}/refund`, { token: me.token });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const own = await insertBuyNowProduct(db, me.user.id, 70_000_00, 'Funko Pop Gohan');
    await ask(other.token, own.id, '¿Hace envíos a Cali?');
    const payout = await db
      .selectFrom('payouts')
      .select('id')
      .where('payment_id', '=', sold.paymentId)
      .executeTakeFirstOrThrow();

    w = {
      me,
      seller,
      auctionId: auction.id,
      auctionProductId: products[0]!.id,
      boughtProductId: bought.product.id,
      ownProductId: own.id,
      claimId: claim.id,
      payoutId: payout.id,
    };
  });
  afterAll(() => t?.close());

  it('every declared GET is read here or says why not', () => {
    const unread = declaredReads()
      .map((r) => r.endpoint.path)
      .filter((path) => path.includes(':') || path.includes('*'))
      .filter((path) => !PARAMS[path] && !NOT_READ[path]);
    expect(unread).toEqual([]);
  });

  it('each answers 200 with a body its declared schema accepts', async () => {
    const failures: string[] = [];
    let read = 0;
    for (const { name, endpoint } of declaredReads()) {
      if (NOT_READ[endpoint.path]) continue;
      const fill = PARAMS[endpoint.path];
      const url = endpointUrl(endpoint, fill?.(w));
      const res = await t.request('GET', url, { token: w.me.token });
      read += 1;
      // A call declared with no success answer (a search without its term) answers its error.
      const expected = endpoint.responses[200] ? 200 : Number(Object.keys(endpoint.responses)[0]);
      if (res.status !== expected) {
        failures.push(`${name} GET ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        continue;
      }
      const schema = endpoint.responses[expected];
      if (typeof res.body === 'string') continue; // the CSV export: not JSON
      const parsed = schema?.safeParse(res.body);
      if (!parsed?.success) failures.push(`${name} GET ${url}: ${parsed?.error.message.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    expect(read).toBeGreaterThan(40);
  });

  it("the user's own lists hold what it did (the walk reads real rows, not empty lists)", async () => {
    const count = async (path: string) => {
      const res = await t.request('GET', path, { token: w.me.token });
      expect(res.status, path).toBe(200);
      const body = res.body;
      const list = Array.isArray(body) ? body : (Object.values(body).find(Array.isArray) as unknown[]);
      return list.length;
    };
    expect(await count('/api/payments/get_payments_by_user_id')).toBe(3);
    expect(await count('/api/products/get_purchased_products')).toBeGreaterThanOrEqual(3);
    expect(await count('/api/products/get_sold_products')).toBe(1);
    expect(await count('/api/pending-payments/seller')).toBe(1);
    expect(await count('/api/claims/mine')).toBeGreaterThanOrEqual(2);
    expect(await count('/api/notifications')).toBeGreaterThan(0);
    expect(await count('/api/questions/seller')).toBe(1);
    expect(await count('/api/watchlist')).toBe(1);
    expect(await count('/api/saved-searches')).toBe(1);
    expect(await count('/api/offers/mine')).toBe(1);
    expect(await count('/api/admin/payouts?status=held')).toBeGreaterThan(0);
  });
});
