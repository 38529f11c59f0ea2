import { bidMessages, idempotencyMessages } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../factories/auctions.ts';
import { insertBuyNowProduct, insertShippingAddress } from '../factories/payments.ts';
import { insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { testDatabaseKind } from '../support/database.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('Idempotency-Key on calls that are safe to retry', () => {
  let t: TestApp & { databaseUrl?: string };
  let seller: User;
  let ana: User;
  let beto: User;
  let keyCounter = 0;
  const newKey = () => `accion-${Date.now()}-${++keyCounter}`;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'idem_vendedora' });
    ana = await insertUserWithToken(t, { username: 'idem_ana' });
    beto = await insertUserWithToken(t, { username: 'idem_beto' });
  });
  afterAll(() => t?.close());

  const bid = (app: TestApp, token: string, body: unknown, key?: string) =>
    app.request('POST', '/api/bids/create-bid', {
      token,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const newRace = async (options: Partial<Parameters<typeof insertAuction>[2]> = {}) => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      durationHours: 72,
      ...options,
    });
    return { auctionId: auction.id, productId: products[0]!.id };
  };
  const raceRow = ({ auctionId, productId }: { auctionId: number; productId: number }) =>
    t.ctx.db
      .selectFrom('auction_products')
      .select(['highest_bid', 'highest_bidder_id', 'bid_count'])
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
  const bidsOn = async ({ auctionId, productId }: { auctionId: number; productId: number }) =>
    (
      await t.ctx.db
        .selectFrom('bids')
        .select(['user_id', 'amount'])
        .where('auction_id', '=', auctionId)
        .where('product_id', '=', productId)
        .execute()
    ).length;

  it('places a bid sent twice with one key once, and answers the repeat with the first answer', async () => {
    const race = await newRace();
    const body = { amount: 1500, auction_id: race.auctionId, product_id: race.productId };
    const key = newKey();
    const first = await bid(t, ana.token, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await bid(t, ana.token, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await raceRow(race)).toMatchObject({ bid_count: 1, highest_bid: 150000 });
    expect(await bidsOn(race)).toBe(1);

    // Without a key nothing is remembered: the same bid again is judged again (and is now too low).
    const unkeyed = await bid(t, ana.token, body);
    expect(unkeyed.status).toBe(400);
  });

  it('places a bid sent 10 times at once with one key once; every copy gets the same answer', async () => {
    const race = await newRace();
    const body = { amount: 2000, auction_id: race.auctionId, product_id: race.productId };
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => bid(t, ana.token, body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await raceRow(race)).toMatchObject({ bid_count: 1, highest_bid: 200000 });
    expect(await bidsOn(race)).toBe(1);
  });

  it('refuses the same key with another body or on another route (409), changing nothing', async () => {
    const race = await newRace();
    const key = newKey();
    const body = { amount: 1000, auction_id: race.auctionId, product_id: race.productId };
    expect((await bid(t, ana.token, body, key)).status).toBe(201);

    const other = await bid(t, ana.token, { ...body, amount: 1200 }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      message: idempotencyMessages.keyReused,
      code: 'IDEMPOTENCY_KEY_REUSED',
      errors: [idempotencyMessages.keyReused],
    });
    const otherRoute = await t.request('PUT', `/api/bids/max/${race.auctionId}/${race.productId}`, {
      token: ana.token,
      body: { max_amount: 5000 },
      headers: { 'idempotency-key': key },
    });
    expect(otherRoute.status).toBe(409);
    expect(otherRoute.body.message).toBe(idempotencyMessages.keyReused);
    expect(await raceRow(race)).toMatchObject({ bid_count: 1, highest_bid: 100000 });
    const ceiling = await t.request('GET', `/api/bids/max/${race.auctionId}/${race.productId}`, {
      token: ana.token,
    });
    expect(ceiling.body).toEqual({ max_amount: null });
  });

  it("keeps each user's keys apart: another user's same key acts on its own", async () => {
    const race = await newRace();
    const key = newKey();
    const first = await bid(
      t,
      ana.token,
      { amount: 1000, auction_id: race.auctionId, product_id: race.productId },
      key,
    );
    const second = await bid(
      t,
      beto.token,
      { amount: 1200, auction_id: race.auctionId, product_id: race.productId },
      key,
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.username).toBe('idem_beto');
    expect(await raceRow(race)).toMatchObject({ bid_count: 2, highest_bidder_id: beto.user.id });
  });

  it('keeps a refusal: a retry gets the same refusal even once the bid would be taken', async () => {
    const race = await newRace({ status: 'upcoming' });
    const key = newKey();
    const body = { amount: 1000, auction_id: race.auctionId, product_id: race.productId };
    const refused = await bid(t, ana.token, body, key);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: bidMessages.auctionNotActive, code: 'AUCTION_NOT_ACTIVE' });

    await t.ctx.db
      .updateTable('auctions')
      .set({ status: 'active', start_time: t.ctx.clock.now() })
      .where('id', '=', race.auctionId)
      .execute();
    const retried = await bid(t, ana.token, body, key);
    expect(retried.status).toBe(409);
    expect(retried.body).toEqual(refused.body);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await raceRow(race)).toMatchObject({ bid_count: 0 });
    // A new action (a new key) is judged anew.
    expect((await bid(t, ana.token, body, newKey())).status).toBe(201);
  });

  it('does not keep a 5xx: the retry with the same key runs again', async () => {
    const race = await newRace();
    const key = newKey();
    const body = { amount: 1777, auction_id: race.auctionId, product_id: race.productId };
    // A bid of exactly $1.777 fails inside the database, like a failure of the server would.
    await sql`
      create or replace function idem_test_fail() returns trigger language plpgsql as $$
      begin
        if new.amount = 177700 then raise exception 'simulated failure'; end if;
        return new;
      end $$`.execute(t.ctx.db);
    await sql`create trigger idem_test_fail before insert on bids for each row execute function idem_test_fail()`.execute(
      t.ctx.db,
    );
    try {
      const failed = await bid(t, ana.token, body, key);
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({
        message: 'Ocurrió un error inesperado. Por favor, intenta más tarde.',
        code: 'INTERNAL_ERROR',
      });
    } finally {
      await sql`drop trigger idem_test_fail on bids`.execute(t.ctx.db);
    }
    const retried = await bid(t, ana.token, body, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await raceRow(race)).toMatchObject({ bid_count: 1, highest_bid: 177700 });
  });

  it('refuses a key that is empty or longer than 64 characters, in Spanish, before acting', async () => {
    const race = await newRace();
    const body = { amount: 1000, auction_id: race.auctionId, product_id: race.productId };
    for (const key of ['', 'x'.repeat(65)]) {
      const res = await bid(t, ana.token, body, key);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: idempotencyMessages.keyInvalid,
        code: 'IDEMPOTENCY_KEY_INVALID',
        errors: [idempotencyMessages.keyInvalid],
        fields: { 'idempotency-key': idempotencyMessages.keyInvalid },
      });
    }
    expect((await bid(t, ana.token, body, 'x'.repeat(64))).status).toBe(201);
    expect(await raceRow(race)).toMatchObject({ bid_count: 1 });
    // Without a token the 401 comes first, as on every protected call.
    expect((await bid(t, '', body, 'x')).status).toBe(401);
  });

  it('answers a repeated maximum-bid change from its key', async () => {
    const race = await newRace();
    await bid(t, ana.token, { amount: 1000, auction_id: race.auctionId, product_id: race.productId });
    const key = newKey();
    const put = () =>
      t.request('PUT', `/api/bids/max/${race.auctionId}/${race.productId}`, {
        token: ana.token,
        body: { max_amount: 3000 },
        headers: { 'idempotency-key': key },
      });
    const [a, b] = await Promise.all([put(), put()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual({ max_amount: 3000 });
    expect(b.body).toEqual(a.body);
    expect([a, b].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
  });

  it('reserves a buy-now product once for a retried checkout click', async () => {
    await insertShippingAddress(t.ctx.db, ana.user.id, { is_default: true });
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 50_000_00, 'Funko idempotente');
    const key = newKey();
    const buy = () =>
      t.request('GET', `/api/bold/buy_product/${product.id}`, {
        token: ana.token,
        headers: { 'idempotency-key': key },
      });
    const answers = await Promise.all([buy(), buy(), buy()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const payments = await t.ctx.db
      .selectFrom('payments')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(payments).toHaveLength(1);
  });

  it('forgets a key after 24 hours (the timed jobs prune it), so it may name a new action', async () => {
    const race = await newRace({ durationHours: 96 });
    const key = newKey();
    const body = { amount: 1000, auction_id: race.auctionId, product_id: race.productId };
    expect((await bid(t, ana.token, body, key)).status).toBe(201);
    const stored = () =>
      t.ctx.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('user_id', '=', ana.user.id)
        .where('key', '=', key)
        .execute();
    expect(await stored()).toHaveLength(1);
    await t.advanceClock(24 * 3600 + 1);
    expect(await stored()).toHaveLength(0);
    const later = await bid(t, ana.token, { ...body, amount: 2000 }, key);
    expect(later.status).toBe(201);
    expect(await raceRow(race)).toMatchObject({ bid_count: 2 });
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'places a keyed bid once when two server processes on one PostgreSQL receive it at the same moment',
    async () => {
      const other = await startTestApp({ sharedDatabaseUrl: t.databaseUrl });
      // One time for both processes, as on real machines (earlier tests moved this app's clock).
      other.ctx.clock.advance((t.ctx.clock.now().getTime() - other.ctx.clock.now().getTime()) / 1000);
      try {
        for (let round = 0; round < 10; round++) {
          const race = await newRace();
          const body = { amount: 1000, auction_id: race.auctionId, product_id: race.productId };
          const key = newKey();
          const answers = await Promise.all(
            Array.from({ length: 6 }, (_, i) => bid(i % 2 === 0 ? t : other, beto.token, body, key)),
          );
          expect(answers.map((a) => [a.status, a.status === 201 ? null : a.body])).toEqual(
            Array(6).fill([201, null]),
          );
          for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
          expect(await raceRow(race)).toMatchObject({ bid_count: 1, highest_bid: 100000 });
          expect(await bidsOn(race)).toBe(1);
        }
      } finally {
        await other.close();
      }
    },
  );
});
