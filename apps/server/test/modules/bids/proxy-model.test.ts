import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/**
 * A reference model of the bidding rules with ceilings, written from the rules themselves and
 * independent of the server's code: whole pesos, one product.
 */
class Model {
  bids: Array<{ user: number; amount: number; auto: boolean }> = [];
  ceilings = new Map<number, { max: number; order: number }>();
  #order = 0;
  constructor(
    readonly minOffer: number,
    readonly maxOffer: number,
  ) {}

  get highest() {
    return this.bids.at(-1)?.amount ?? 0;
  }
  get leader() {
    return this.bids.at(-1)?.user ?? null;
  }
  /** A valid bid over `over` for a person (with the max increment) or for a ceiling (without). */
  valid(amount: number, over: number, byPerson: boolean) {
    if (amount <= over) return false;
    if (this.minOffer > 0 && amount < over + this.minOffer) return false;
    if (byPerson && this.maxOffer > 0 && amount > over + this.maxOffer) return false;
    return true;
  }
  setCeiling(user: number, max: number) {
    const current = this.ceilings.get(user);
    if (current?.max === max) return;
    this.#order += 1;
    this.ceilings.set(user, { max, order: this.#order });
  }

  bid(user: number, amount: number, max?: number): boolean {
    if (max !== undefined && max < amount) return false;
    if (!this.valid(amount, this.highest, true)) return false;
    this.bids.push({ user, amount, auto: false });
    if (max !== undefined) this.setCeiling(user, max);
    this.respond();
    return true;
  }

  raise(user: number, max: number): 'ok' | 'not-leader' | 'too-low' {
    if (this.leader !== user) return 'not-leader';
    if (max <= this.highest) return 'too-low';
    this.setCeiling(user, max);
    this.respond();
    return 'ok';
  }

  /** Whoever was left below the top with a higher ceiling answers; two ceilings settle at once. */
  respond() {
    const step = this.minOffer > 0 ? this.minOffer : 1;
    const live = [...this.ceilings]
      .filter(([, c]) => this.valid(c.max, this.highest, false))
      .map(([user, c]) => ({ user, ...c }))
      .sort((a, b) => b.max - a.max || a.order - b.order);
    if (!live.some((c) => c.user !== this.leader)) return; // nobody outbids themselves
    const [winner, loser] = live;
    if (!loser) {
      this.bids.push({ user: winner!.user, amount: Math.min(this.highest + step, winner!.max), auto: true });
      return;
    }
    const answer = Math.min(loser.max + step, winner!.max);
    if (this.valid(answer, loser.max, false))
      this.bids.push({ user: loser.user, amount: loser.max, auto: true });
    this.bids.push({ user: winner!.user, amount: answer, auto: true });
  }
}

type Command =
  | { kind: 'bid'; user: number; delta: number; extra: number | null }
  | { kind: 'raise'; user: number; delta: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      user: fc.integer({ min: 0, max: 2 }),
      delta: fc.integer({ min: -3, max: 40 }),
      extra: fc.option(fc.integer({ min: -2, max: 120 }), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raise' as const),
      user: fc.integer({ min: 0, max: 2 }),
      delta: fc.integer({ min: -2, max: 120 }),
    }),
  },
);

describe('proxy bids against a reference model', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUserWithToken>>;
  let users: Array<Awaited<ReturnType<typeof insertUserWithToken>>>;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'pm_vendedora' });
    users = [];
    for (const name of ['pm_ana', 'pm_beto', 'pm_caro'])
      users.push(await insertUserWithToken(t, { username: name }));
  });
  afterAll(() => t?.close());

  it('random bids, ceilings and raises from three users end as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 5),
        fc.constantFrom(0, 60),
        fc.array(commandArb, { minLength: 1, maxLength: 12 }),
        async (minOffer, maxOffer, commands) => {
          const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
            now: t.ctx.clock.now(),
            productCount: 1,
            minOffer: minOffer * 100,
            maxOffer: maxOffer * 100,
          });
          const ids = { auction_id: auction.id, product_id: products[0]!.id };
          const model = new Model(minOffer, maxOffer);
          for (const command of commands) {
            const token = users[command.user]!.token;
            if (command.kind === 'bid') {
              const amount = Math.max(1, model.highest + command.delta);
              const max = command.extra === null ? undefined : Math.max(1, amount + command.extra);
              const expected = model.bid(command.user, amount, max);
              const res = await t.request('POST', '/api/bids/create-bid', {
                token,
                body: { amount, ...ids, ...(max === undefined ? {} : { max_amount: max }) },
              });
              expect(res.status, JSON.stringify({ command, amount, max })).toBe(expected ? 201 : 400);
              if (expected) expect(res.body.highest_bid).toBe(model.highest);
            } else {
              const max = Math.max(1, model.highest + command.delta);
              const expected = model.raise(command.user, max);
              const res = await t.request('PUT', `/api/bids/max/${ids.auction_id}/${ids.product_id}`, {
                token,
                body: { max_amount: max },
              });
              expect(res.status, JSON.stringify({ command, max })).toBe(
                { ok: 200, 'not-leader': 409, 'too-low': 400 }[expected],
              );
            }
          }
          const history = await t.request(
            'GET',
            `/api/bids/get_bids_by_auction/${ids.auction_id}/${ids.product_id}`,
            {
              token: users[0]!.token,
            },
          );
          const names = users.map((u) => u.user.username);
          expect(history.body.reverse().map((b: any) => [b.username, b.amount, b.auto])).toEqual(
            model.bids.map((b) => [names[b.user], b.amount, b.auto]),
          );
          const race = await t.ctx.db
            .selectFrom('auction_products')
            .selectAll()
            .where('auction_id', '=', ids.auction_id)
            .executeTakeFirstOrThrow();
          expect(race.highest_bidder_id).toBe(model.leader === null ? null : users[model.leader]!.user.id);
          expect(race.bid_count).toBe(model.bids.length);
          for (const [i, u] of users.entries()) {
            const own = await t.request('GET', `/api/bids/max/${ids.auction_id}/${ids.product_id}`, {
              token: u.token,
            });
            expect(own.body.max_amount).toBe(model.ceilings.get(i)?.max ?? null);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('40 concurrent bids with ceilings keep one highest, unique increasing amounts, one broadcast each', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
    });
    const ids = { auction_id: auction.id, product_id: products[0]!.id };
    const live = await openSocket(
      wsUrl(t.url, `/auctions/api/bids/ws/bids/${ids.auction_id}/${ids.product_id}`),
    );
    const bidders = [...users, await insertUserWithToken(t), await insertUserWithToken(t)];
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const amount = 10 + ((i * 13) % 37) * 5;
        const body = { amount, ...ids, ...(i % 3 === 0 ? { max_amount: amount + ((i * 7) % 11) * 20 } : {}) };
        return t.request('POST', '/api/bids/create-bid', { token: bidders[i % bidders.length]!.token, body });
      }),
    );
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    for (const r of responses) expect([201, 400]).toContain(r.status);

    const history = await t.ctx.db
      .selectFrom('bids')
      .selectAll()
      .where('auction_id', '=', ids.auction_id)
      .where('product_id', '=', ids.product_id)
      .orderBy('id')
      .execute();
    const accepted = responses.filter((r) => r.status === 201);
    expect(history.filter((b) => !b.auto)).toHaveLength(accepted.length);
    expect(new Set(history.map((b) => b.amount)).size).toBe(history.length);
    for (let i = 1; i < history.length; i++) {
      const [before, bid] = [history[i - 1]!, history[i]!];
      expect(bid.amount).toBeGreaterThan(before.amount);
      // An automatic bid never lifts its owner over their own bid, except a losing ceiling placed
      // in a duel, which the winner answers at once.
      if (bid.auto && before.user_id === bid.user_id) {
        expect(history[i + 1]?.user_id).toBeDefined();
        expect(history[i + 1]!.user_id).not.toBe(bid.user_id);
      }
    }
    const race = await t.ctx.db
      .selectFrom('auction_products')
      .selectAll()
      .where('auction_id', '=', ids.auction_id)
      .executeTakeFirstOrThrow();
    expect(race.highest_bid).toBe(history.at(-1)!.amount);
    expect(race.highest_bidder_id).toBe(history.at(-1)!.user_id);
    expect(race.bid_count).toBe(history.length);
    // Nobody left below the top holds a ceiling that could still answer.
    const ceilings = await t.ctx.db
      .selectFrom('bid_ceilings')
      .selectAll()
      .where('auction_id', '=', ids.auction_id)
      .execute();
    for (const c of ceilings) {
      if (c.user_id !== race.highest_bidder_id) expect(c.max_amount).toBeLessThanOrEqual(race.highest_bid!);
    }
    await live.waitFor(() => live.messages.length >= history.length);
    await new Promise((r) => setTimeout(r, 150));
    expect(live.messages.map((m) => m.bid.id).sort((a, b) => a - b)).toEqual(history.map((b) => b.id));
    await live.close();
  });
});
