import { commonMessages, questionMessages, trustMessages } from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { advanceAndRelogin, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { testDatabaseKind } from '../../support/database.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Blocked buyers beyond the basics: a bid racing the block is placed before it or refused, never
 * after; bids already placed stand through the close; the block covers questions; each seller's
 * list is their own.
 */
describe('blocked buyers: races, standing bids, questions and whose list', { timeout: 180_000 }, () => {
  let t: TestApp & { databaseUrl?: string };
  let seller: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'bloq_vendedora' });
    other = await insertUserWithToken(t, { is_seller: true, username: 'bloq_otra' });
  }, 60_000);
  afterAll(() => t?.close());

  const running = (owner: TestUser) =>
    insertAuction(t.ctx.db, owner.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      endTime: new Date(t.ctx.clock.now().getTime() + 5 * DAY_MS),
    });
  type Race = Awaited<ReturnType<typeof running>>;
  const bid = (u: TestUser, race: Race, amount: number) =>
    t.request('POST', '/api/bids/create-bid', {
      token: u.token,
      body: { auction_id: race.auction.id, product_id: race.products[0]!.id, amount },
    });
  const block = (by: TestUser, username: string) =>
    t.request('POST', '/api/sellers/blocked', { token: by.token, body: { username } });
  const bidsOf = (u: TestUser, race: Race) =>
    t.ctx.db
      .selectFrom('bids')
      .select(['amount', 'created_at'])
      .where('user_id', '=', u.user.id)
      .where('auction_id', '=', race.auction.id)
      .execute();

  /**
   * Another session holds the race's row, as a decision in flight would; `waiters(n)` waits until
   * n of the app's sessions wait for a lock.
   */
  async function holdRace(productId: number) {
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    // Watches from outside the holder's transaction, which would keep reading one snapshot of
    // the activity view.
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([holder.connect(), watcher.connect()]);
    await holder.query('begin');
    await holder.query('select 1 from auction_products where product_id = $1 for update', [productId]);
    let released = false;
    return {
      /** Waits until `n` of the app's sessions wait for a lock (well within the statement timeout). */
      async waiters(n: number) {
        const deadline = Date.now() + 1_000;
        for (;;) {
          const { rows } = await watcher.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0].n >= n) return;
          if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions waited for the race`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      },
      async release() {
        if (released) return;
        released = true;
        await holder.query('rollback').catch(() => {});
        await Promise.all([holder.end(), watcher.end()]);
      },
    };
  }

  for (const remembered of [false, true])
    it.runIf(testDatabaseKind() === 'postgres')(
      `a bid that arrives while a block waits for the race is refused, not placed after it (${remembered ? 'race decided from memory' : 'fresh race'})`,
      async () => {
        const buyer = await insertBuyer(t, `bloq_tras_${remembered ? 'memoria' : 'nueva'}`);
        const rival = await insertBuyer(t, `bloq_tras_rival_${remembered ? 'memoria' : 'nueva'}`);
        const race = await running(seller);
        if (remembered) expect((await bid(rival, race, 5_000)).status).toBe(201);
        const held = await holdRace(race.products[0]!.id);
        try {
          // The block has written its row and waits for the race; the bid passes its early
          // check (the block has not committed) and waits behind it.
          const blocking = block(seller, buyer.user.username);
          await held.waiters(1);
          const pending = bid(buyer, race, 10_000);
          await held.waiters(2);
          await held.release();
          expect((await blocking).status).toBe(200);
          const placed = await pending;
          expect(placed.status, JSON.stringify(placed.body)).toBe(403);
          expect(placed.body.message).toBe(trustMessages.buyerBlocked);
          expect(await bidsOf(buyer, race)).toEqual([]);
          const raceRow = await t.ctx.db
            .selectFrom('auction_products')
            .select(['highest_bid', 'bid_count'])
            .where('product_id', '=', race.products[0]!.id)
            .executeTakeFirstOrThrow();
          expect(raceRow).toEqual(
            remembered ? { highest_bid: 5_000_00, bid_count: 1 } : { highest_bid: null, bid_count: 0 },
          );
        } finally {
          await held.release();
        }
      },
    );

  it.runIf(testDatabaseKind() === 'postgres')(
    'a bid already waiting for its race when the block arrives goes first: the block waits for it',
    async () => {
      const buyer = await insertBuyer(t, 'bloq_en_espera');
      const race = await running(seller);
      const held = await holdRace(race.products[0]!.id);
      try {
        const pending = bid(buyer, race, 10_000);
        await held.waiters(1);
        const blocking = block(seller, 'bloq_en_espera');
        // The block waits for the race too, behind the bid.
        await held.waiters(2);
        await held.release();
        const placed = await pending;
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        expect((await blocking).status).toBe(200);
        expect((await bidsOf(buyer, race)).map((b) => b.amount)).toEqual([10_000_00]);
        expect((await bid(buyer, race, 20_000)).status).toBe(403);
      } finally {
        await held.release();
      }
    },
  );

  it('bids racing a block, on a fresh race and on one already bid on: each placed before or refused', async () => {
    const rival = await insertBuyer(t, 'bloq_rival');
    for (let round = 0; round < 6; round++) {
      const buyer = await insertBuyer(t, `bloq_carrera_${round}`);
      const race = await running(seller);
      // Half the rounds on a race the process already remembers (decided from memory).
      if (round % 2 === 1) expect((await bid(rival, race, 5_000)).status).toBe(201);
      const [placed, blocked] = await Promise.all([
        bid(buyer, race, 10_000),
        block(seller, `bloq_carrera_${round}`),
      ]);
      expect(blocked.status).toBe(200);
      expect([201, 403], JSON.stringify(placed.body)).toContain(placed.status);
      if (placed.status === 403) expect(placed.body.message).toBe(trustMessages.buyerBlocked);
      // Answered 201 exactly when the row is there; the race counts exactly the rows.
      const rows = await bidsOf(buyer, race);
      expect(rows.length, `round ${round}`).toBe(placed.status === 201 ? 1 : 0);
      const raceRow = await t.ctx.db
        .selectFrom('auction_products')
        .select(['bid_count', 'highest_bidder_id'])
        .where('product_id', '=', race.products[0]!.id)
        .executeTakeFirstOrThrow();
      expect(raceRow.bid_count).toBe(rows.length + (round % 2));
      if (placed.status === 201) expect(raceRow.highest_bidder_id).toBe(buyer.user.id);
      // Once the block has answered, nothing more from that buyer gets in.
      const after = await bid(buyer, race, 20_000);
      expect(after.status).toBe(403);
      expect((await bidsOf(buyer, race)).length).toBe(rows.length);
    }
  });

  it('blocking voids no bid: a blocked leader keeps the lead and wins at the close', async () => {
    const buyer = await insertBuyer(t, 'bloq_lider');
    const rival = await insertBuyer(t, 'bloq_segundo');
    const race = await running(seller);
    expect((await bid(rival, race, 11_000)).status).toBe(201);
    expect((await bid(buyer, race, 14_000)).status).toBe(201);
    expect((await block(seller, 'bloq_lider')).status).toBe(200);
    expect((await bid(buyer, race, 16_000)).status).toBe(403);
    expect((await bidsOf(buyer, race)).map((b) => b.amount)).toEqual([14_000_00]);
    // The rival may still outbid, and be outbid by nobody blocked.
    await advanceAndRelogin(
      t,
      Math.ceil((race.auction.end_time!.getTime() - t.ctx.clock.now().getTime()) / 1000) + 60,
      [seller, other, buyer, rival],
    );
    const closed = await t.ctx.db
      .selectFrom('auction_products')
      .select(['outcome', 'highest_bidder_id', 'highest_bid', 'bid_count'])
      .where('product_id', '=', race.products[0]!.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({
      outcome: 'won',
      highest_bidder_id: buyer.user.id,
      highest_bid: 14_000_00,
      bid_count: 2,
    });
    const won = await t.ctx.db
      .selectFrom('payments')
      .select(['buyer_id', 'status'])
      .where('product_id', '=', race.products[0]!.id)
      .execute();
    expect(won).toEqual([{ buyer_id: buyer.user.id, status: 'pending' }]);
  });

  it('the block covers questions, whichever list it was made in; unblocking lets them ask again', async () => {
    const buyer = await insertBuyer(t, 'bloq_pregunta');
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 90_000_00, 'Funko Pop Vegeta');
    const ask = () =>
      t.request('POST', '/api/questions', {
        token: buyer.token,
        body: { product_id: product.id, text: '¿La caja tiene algún golpe?' },
      });
    expect((await block(seller, 'bloq_pregunta')).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(questionMessages.blocked);
    // The questions' own unblock is not needed: the seller's list is the one list.
    expect(
      (await t.request('DELETE', '/api/sellers/blocked/bloq_pregunta', { token: seller.token })).status,
    ).toBe(200);
    expect((await ask()).status).toBe(201);
    // Blocked from the questions, the buyer cannot buy either.
    expect(
      (
        await t.request('POST', '/api/questions/block', {
          token: seller.token,
          body: { username: 'bloq_pregunta' },
        })
      ).status,
    ).toBe(200);
    const buy = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(buy.status).toBe(403);
    expect(buy.body.message).toBe(trustMessages.buyerBlocked);
    expect((await ask()).status).toBe(403);
  });

  it("each seller's list is their own: another seller neither sees nor edits it", async () => {
    const buyer = await insertBuyer(t, 'bloq_ajeno');
    const buyer2 = await insertBuyer(t, 'bloq_ajeno_dos');
    expect((await block(seller, 'bloq_ajeno')).status).toBe(200);
    const names = async (u: TestUser) =>
      (await t.request('GET', '/api/sellers/blocked?size=100', { token: u.token })).body.items.map(
        (i: { username: string }) => i.username,
      );
    expect(await names(seller)).toContain('bloq_ajeno');
    expect(await names(other)).not.toContain('bloq_ajeno');

    // The other seller cannot take the buyer off the first one's list.
    const removed = await t.request('DELETE', '/api/sellers/blocked/bloq_ajeno', { token: other.token });
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe(trustMessages.notBlocked);
    expect(await names(seller)).toContain('bloq_ajeno');
    expect((await bid(buyer, await running(seller), 10_000)).status).toBe(403);
    expect((await bid(buyer, await running(other), 10_000)).status).toBe(201);

    // The same buyer on both lists: taking them off one leaves the other.
    expect((await block(other, 'bloq_ajeno')).status).toBe(200);
    expect(
      (await t.request('DELETE', '/api/sellers/blocked/bloq_ajeno', { token: other.token })).status,
    ).toBe(200);
    expect(await names(seller)).toContain('bloq_ajeno');
    expect(await names(other)).not.toContain('bloq_ajeno');

    // Only sellers keep a list; nobody without a session.
    const notSeller = await block(buyer2, 'bloq_ajeno');
    expect(notSeller.status).toBe(403);
    expect(notSeller.body.message).toBe(commonMessages.sellerOnly);
    expect(await names(buyer2)).toEqual([]);
    expect((await t.request('GET', '/api/sellers/blocked')).status).toBe(401);
    expect(
      (await t.request('POST', '/api/sellers/blocked', { body: { username: 'bloq_ajeno' } })).status,
    ).toBe(401);
    expect((await t.request('DELETE', '/api/sellers/blocked/bloq_ajeno')).status).toBe(401);
  });
});
