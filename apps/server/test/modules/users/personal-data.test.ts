import { personalDataMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertShippingAddress } from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertBuyer, insertPaidBuyNowSale, ship, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('personal data: export and account deletion', () => {
  let t: TestApp;
  let seller: TestUser;
  let ana: TestUser;
  let intruso: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'pd_vendedor' });
    ana = await insertBuyer(t, 'pd_ana');
    intruso = await insertBuyer(t, 'pd_intruso');
    // Starting the app and logging in (scrypt) is slow on a shared, busy machine.
  }, 300_000);
  afterAll(() => t?.close());

  const exportOf = (user: TestUser) => t.request('GET', '/api/users/me/export', { token: user.token });
  const remove = (user: TestUser, password: unknown = TEST_PASSWORD) =>
    t.request('POST', '/api/users/me/delete', { token: user.token, body: { password } });
  const userRow = (id: number) =>
    t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('exports everything about the caller and nothing about anyone else', async () => {
    const now = t.ctx.clock.now();
    await t.request('PUT', '/api/users/profile', {
      token: ana.token,
      body: {
        name: 'Ana',
        last_name: 'Gómez',
        phone: '+57 300 111 2233',
        bio: 'Coleccionista de Hot Wheels',
      },
    });
    await insertShippingAddress(t.ctx.db, intruso.user.id, { address: 'Calle Secreta del Intruso 99' });
    const { product, paymentId } = await insertPaidBuyNowSale(t, seller, ana, 55_000, 'Greenlight Bronco PD');
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, { now, productCount: 1 });
    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: ana.token,
      body: { auction_id: auction.id, product_id: products[0]!.id, amount: 1_500, max_amount: 2_000 },
    });
    expect(bid.status).toBe(201);
    await t.request('POST', '/api/bids/create-bid', {
      token: intruso.token,
      body: { auction_id: auction.id, product_id: products[0]!.id, amount: 1_700 },
    });
    await t.request('POST', `/api/watchlist/${products[0]!.id}`, { token: intruso.token });

    const res = await exportOf(ana);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="mis-datos-coleccionables\.json"/,
    );
    const data = res.body;
    expect(data.profile).toMatchObject({
      id: ana.user.id,
      username: 'pd_ana',
      email: ana.user.email,
      name: 'Ana',
      last_name: 'Gómez',
      phone: '+57 300 111 2233',
      bio: 'Coleccionista de Hot Wheels',
    });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ is_default: true, city: expect.any(String) });
    expect(data.bank_account).toBeNull();
    expect(data.purchases).toEqual([
      expect.objectContaining({
        payment_id: paymentId,
        product_id: product.id,
        product_name: 'Greenlight Bronco PD',
        seller_username: 'pd_vendedor',
        amount: 55_000,
        status: 'confirmed',
        shipping_status: 'pending',
      }),
    ]);
    expect(data.purchases[0].shipping_address).toMatchObject({ city: expect.any(String) });
    // Her own bids, including the automatic one her maximum placed over the intruder's.
    expect(data.bids.map((b: { amount: number; auto: boolean }) => [b.amount, b.auto])).toEqual([
      [1_500, false],
      [1_701, true],
    ]);
    expect(data.max_bids).toEqual([
      expect.objectContaining({ product_id: products[0]!.id, max_amount: 2_000 }),
    ]);
    expect(data.sales).toEqual([]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.questions).toEqual([]);
    expect(data.claims).toEqual([]);

    const text = JSON.stringify(data);
    for (const foreign of [
      intruso.user.email,
      'pd_intruso',
      'Calle Secreta del Intruso 99',
      seller.user.email,
    ]) {
      expect(text).not.toContain(foreign);
    }

    // The seller's side of the same sale: the sale, its payout, the listing; not Ana's address.
    const sellerData = (await exportOf(seller)).body;
    expect(sellerData.sales).toEqual([
      expect.objectContaining({ payment_id: paymentId, buyer_username: 'pd_ana', amount: 55_000 }),
    ]);
    expect(sellerData.payouts).toEqual([
      expect.objectContaining({ payment_id: paymentId, product_amount: 55_000, commission_amount: 5_500 }),
    ]);
    expect(sellerData.products.map((p: { id: number }) => p.id)).toContain(product.id);
    expect(sellerData.auctions.map((a: { id: number }) => a.id)).toEqual([auction.id]);
    expect(JSON.stringify(sellerData)).not.toContain(ana.user.email);
    expect(JSON.stringify(sellerData)).not.toContain('+57 300 111 2233');

    expect((await t.request('GET', '/api/users/me/export')).status).toBe(401);
  });

  it('refuses a wrong or missing password with 400 and changes nothing', async () => {
    const wrong = await remove(ana, 'no-es-mi-clave');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.wrongPassword);
    const missing = await t.request('POST', '/api/users/me/delete', { token: ana.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(m.passwordRequired);
    expect((await userRow(ana.user.id)).username).toBe('pd_ana');
  });

  it('refuses with 409 and the list of what is still open', async () => {
    const anaRes = await remove(ana);
    expect(anaRes.status).toBe(409);
    expect(anaRes.body).toMatchObject({ message: m.deleteRefused, code: 'ACCOUNT_HAS_OPEN_ITEMS' });
    const types = anaRes.body.open.map((o: { type: string }) => o.type).sort();
    // Her purchase waits for shipping; she leads a running auction.
    expect(types).toEqual(['leading_bid', 'undelivered_purchase']);
    expect(anaRes.body.open).toContainEqual({
      type: 'undelivered_purchase',
      id: expect.any(String),
      name: 'Greenlight Bronco PD',
    });

    const sellerRes = await remove(seller);
    expect(sellerRes.status).toBe(409);
    const sellerTypes = new Set(sellerRes.body.open.map((o: { type: string }) => o.type));
    expect(sellerTypes).toEqual(new Set(['auction', 'unshipped_sale', 'payout']));
    const auctionItem = sellerRes.body.open.find((o: { type: string }) => o.type === 'auction');
    expect(auctionItem).toEqual({ type: 'auction', id: expect.any(Number), name: 'Subasta de prueba' });

    // Nothing changed: both still log in.
    await expect(t.login(ana.user.email, TEST_PASSWORD)).resolves.toEqual(expect.any(String));
    await expect(t.login(seller.user.email, TEST_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('deletes: personal data erased, money records kept, sessions ended, no login again', async () => {
    const now = t.ctx.clock.now();
    const carla = await insertBuyer(t, 'pd_carla');
    await t.request('PUT', '/api/users/profile', {
      token: carla.token,
      body: { name: 'Carla', last_name: 'Ruiz', phone: '3001234567', bio: 'Hola' },
    });
    // A past purchase, received: a money record that stays.
    const sale = await insertPaidBuyNowSale(t, seller, carla, 30_000, 'Camaro PD');
    await ship(t, seller, sale.product.id);
    const delivered = await t.request('POST', '/api/products/confirm_delivery', {
      token: carla.token,
      body: { product_id: sale.product.id },
    });
    expect(delivered.status).toBe(200);
    // A bid on a running product she does not lead.
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, { now, productCount: 1 });
    const p = products[0]!.id;
    await t.request('POST', '/api/bids/create-bid', {
      token: carla.token,
      body: { auction_id: auction.id, product_id: p, amount: 100, max_amount: 150 },
    });
    await t.request('POST', '/api/bids/create-bid', {
      token: intruso.token,
      body: { auction_id: auction.id, product_id: p, amount: 500 },
    });
    // She also sells: an available listing that must come off sale.
    await t.ctx.db.updateTable('users').set({ is_seller: true }).where('id', '=', carla.user.id).execute();
    const listing = await insertProduct(t.ctx.db, carla.user.id, { name: 'Listado de Carla' });
    const bank = await t.ctx.db.selectFrom('banks').select('id').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('seller_bank_accounts')
      .values({
        seller_id: carla.user.id,
        bank_id: bank.id,
        account_number: '1234567890',
        account_type: 'ahorro',
        account_name: 'Carla Ruiz',
        account_document_type: 'CC',
        account_document_number: '1020304050',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const otherSession = await t.login(carla.user.email, TEST_PASSWORD);

    const res = await remove(carla);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: m.deleted });

    const row = await userRow(carla.user.id);
    expect(row).toMatchObject({
      username: `usuario_eliminado_${carla.user.id}`,
      email: `eliminado_${carla.user.id}@usuarios-eliminados.invalid`,
      name: null,
      last_name: null,
      phone: null,
      bio: null,
      avatar: null,
      address: null,
      birth_date: null,
      is_seller: false,
    });
    const count = async (
      table: 'shipping_addresses' | 'notifications' | 'bid_ceilings',
      column = 'user_id',
    ) =>
      (
        await t.ctx.db
          .selectFrom(table)
          .select('user_id')
          .where(column as 'user_id', '=', carla.user.id)
          .execute()
      ).length;
    expect(await count('shipping_addresses')).toBe(0);
    expect(await count('notifications')).toBe(0);
    expect(await count('bid_ceilings')).toBe(0);
    expect(
      await t.ctx.db
        .selectFrom('seller_bank_accounts')
        .select('id')
        .where('seller_id', '=', carla.user.id)
        .execute(),
    ).toEqual([]);
    // Money records stay, without her address.
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['amount', 'status', 'buyer_id', 'shipping_address'])
      .where('id', '=', sale.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({
      amount: 30_000_00,
      status: 'confirmed',
      buyer_id: carla.user.id,
      shipping_address: null,
    });
    // (Her maximum of 150 could not top 500: no automatic bid.)
    const bids = await t.ctx.db
      .selectFrom('bids')
      .select('amount')
      .where('user_id', '=', carla.user.id)
      .execute();
    expect(bids.map((b) => b.amount)).toEqual([100_00]);
    // Her listing is off sale.
    const off = await t.ctx.db
      .selectFrom('products')
      .select('status')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(off.status).toBe('cancelled');

    // Every session ended; the old email and password log in nowhere.
    expect((await t.request('GET', '/api/users/profile', { token: carla.token })).status).toBe(401);
    expect((await t.request('GET', '/api/users/profile', { token: otherSession })).status).toBe(401);
    const login = await t.request('POST', '/api/users/login', {
      body: { email: carla.user.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(401);
    // The public history shows the anonymous name.
    const history = await t.request('GET', `/api/bids/get_bids_by_auction/${auction.id}/${p}`, {
      token: intruso.token,
    });
    expect(history.body.map((b: { username: string }) => b.username)).toContain(
      `usuario_eliminado_${carla.user.id}`,
    );
    expect(JSON.stringify(history.body)).not.toContain('pd_carla');
  });

  it('the same deletion sent several times at once erases once', async () => {
    const dora = await insertBuyer(t, 'pd_dora');
    const results = await Promise.all(Array.from({ length: 6 }, () => remove(dora)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others met an account already deleted: its password no longer matches, or its session ended.
    expect(statuses.filter((s) => s !== 200).every((s) => s === 400 || s === 401)).toBe(true);
    const row = await userRow(dora.user.id);
    expect(row.username).toBe(`usuario_eliminado_${dora.user.id}`);
    expect(row.token_version).toBeGreaterThan(0);
  });
});
