import { auctionFormMessages, bidMessages, moneyMessages, productMessages } from '@app/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { pngDataUrl } from '../../factories/images.ts';
import {
  createProductPayload,
  insertProduct,
  type ReferenceIds,
  referenceIds,
} from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const MAX_PESOS = 10_000_000_000;
type User = Awaited<ReturnType<typeof insertUserWithToken>>;

/** What a typed amount should get: accepted (as far as money goes), or which message. */
function expectedProblem(amount: number, allowZero: boolean): 'fraction' | 'too_large' | 'own' | null {
  if (amount < 0 || (amount === 0 && !allowZero)) return 'own';
  if (amount > MAX_PESOS) return 'too_large';
  if (!Number.isInteger(amount)) return 'fraction';
  return null;
}

/** Amounts people (and scripts) type: whole, centavos, tiny fractions, around and far above the maximum. */
const amounts = fc.oneof(
  fc.integer({ min: 1, max: 2_000_000 }),
  fc.integer({ min: 1, max: MAX_PESOS }),
  fc.integer({ min: MAX_PESOS + 1, max: 4 * MAX_PESOS }),
  fc.integer({ min: 1, max: 2_000_000 }).map((v) => v + 0.5),
  fc
    .integer({ min: 1, max: 99 })
    .chain((c) => fc.integer({ min: 0, max: 1_000_000 }).map((v) => v + c / 100)),
  fc.double({ min: 0, max: 3 * MAX_PESOS, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 0.5, 1, 10.555, 1e11, 1e15, MAX_PESOS, MAX_PESOS + 1, MAX_PESOS + 0.5, 99.999),
);

describe('money is whole pesos on every call that takes money', () => {
  let t: TestApp;
  let seller: User;
  let ana: User;
  let beto: User;
  let ids: ReferenceIds;
  let image: string;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await referenceIds(t.ctx.db);
    image = await pngDataUrl({ width: 8, height: 8 });
    seller = await insertUserWithToken(t, { is_seller: true });
    ana = await insertUserWithToken(t);
    beto = await insertUserWithToken(t);
    // Starting the app and logging in (scrypt) is slow on a shared, busy machine.
  }, 300_000);
  afterAll(() => t?.close());

  /** Every money column a request can write: none holds centavos or more than the maximum. */
  async function expectOnlyWholePesosStored() {
    const { rows } = await sql<{ source: string; centavos: number }>`
      select 'products.reserve_price' as source, reserve_price as centavos from products
      union all select 'products.base_price', base_price from products where base_price is not null
      union all select 'products.sell_price', sell_price from products where sell_price is not null
      union all select 'auctions.min_offer', min_offer from auctions
      union all select 'auctions.max_offer', max_offer from auctions
      union all select 'bids.amount', amount from bids
      union all select 'bid_ceilings.max_amount', max_amount from bid_ceilings
      union all select 'auction_products.highest_bid', highest_bid from auction_products where highest_bid is not null
      union all select 'payments.amount', amount from payments
    `.execute(t.ctx.db);
    const wrong = rows.filter((r) => Number(r.centavos) % 100 !== 0 || Number(r.centavos) > MAX_PESOS * 100);
    expect(wrong).toEqual([]);
    return rows.length;
  }

  const messageFor = (problem: ReturnType<typeof expectedProblem>, own: string) =>
    problem === 'fraction' ? moneyMessages.fraction : problem === 'too_large' ? moneyMessages.tooLarge : own;

  it('names the problem: 10.555 is centavos, 1e11 is too large, on every money field', async () => {
    const product = await insertProduct(t.ctx.db, seller.user.id);
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now() });
    const p = products[0]!.id;
    const calls: Array<[string, (amount: number) => Promise<{ status: number; body: any }>]> = [
      [
        'create reserve',
        (v) =>
          t.request('POST', '/api/products/create', {
            token: seller.token,
            body: createProductPayload(ids, image, { reserve_price: v }),
          }),
      ],
      [
        'create base',
        (v) =>
          t.request('POST', '/api/products/create', {
            token: seller.token,
            body: createProductPayload(ids, image, { base_price: v }),
          }),
      ],
      [
        'create sell',
        (v) =>
          t.request('POST', '/api/products/create', {
            token: seller.token,
            body: createProductPayload(ids, image, { can_be_bought: true, sell_price: v }),
          }),
      ],
      [
        'edit reserve',
        (v) =>
          t.request('PUT', `/api/products/update/${product.id}`, {
            token: seller.token,
            body: { reserve_price: v },
          }),
      ],
      [
        'auction min_offer',
        (v) =>
          t.request('POST', '/api/auctions/create', {
            token: seller.token,
            body: { title: 'S', products: [product.id], min_offer: v },
          }),
      ],
      [
        'auction max_offer',
        (v) =>
          t.request('POST', '/api/auctions/create', {
            token: seller.token,
            body: { title: 'S', products: [product.id], max_offer: v },
          }),
      ],
      [
        'bid amount',
        (v) =>
          t.request('POST', '/api/bids/create-bid', {
            token: ana.token,
            body: { auction_id: auction.id, product_id: p, amount: v },
          }),
      ],
      [
        'bid max_amount',
        (v) =>
          t.request('POST', '/api/bids/create-bid', {
            token: ana.token,
            body: { auction_id: auction.id, product_id: p, amount: 1, max_amount: v },
          }),
      ],
      [
        'raise max_amount',
        (v) =>
          t.request('PUT', `/api/bids/max/${auction.id}/${p}`, { token: ana.token, body: { max_amount: v } }),
      ],
    ];
    for (const [name, call] of calls) {
      for (const [amount, message] of [
        [10.555, moneyMessages.fraction],
        [1e11, moneyMessages.tooLarge],
        [10_000_000_001, moneyMessages.tooLarge],
        [0.5, moneyMessages.fraction],
      ] as const) {
        const res = await call(amount);
        expect([name, amount, res.status, res.body.message]).toEqual([name, amount, 400, message]);
        expect(res.body.errors).toEqual([message]);
      }
    }
    await expectOnlyWholePesosStored();
  });

  it('accepts the maximum itself', async () => {
    const res = await t.request('POST', '/api/products/create', {
      token: seller.token,
      body: createProductPayload(ids, image, {
        reserve_price: MAX_PESOS,
        can_be_bought: true,
        sell_price: MAX_PESOS,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({ reserve_price: MAX_PESOS, sell_price: MAX_PESOS });
  });

  it('property: products created and edited with any amount store whole pesos only', async () => {
    await fc.assert(
      fc.asyncProperty(amounts, amounts, fc.boolean(), async (reserve, sell, edit) => {
        const res = await t.request('POST', '/api/products/create', {
          token: seller.token,
          body: createProductPayload(ids, image, {
            reserve_price: reserve,
            can_be_bought: true,
            sell_price: sell,
          }),
        });
        const problems = [expectedProblem(reserve, true), expectedProblem(sell, false)];
        if (problems.every((p) => p === null)) {
          expect(res.status).toBe(201);
          expect(res.body.product).toMatchObject({ reserve_price: reserve, sell_price: sell });
        } else {
          expect(res.status).toBe(400);
          expect(res.body.errors).toEqual(
            expect.arrayContaining(
              [
                problems[0] && messageFor(problems[0], productMessages.reservePriceInvalid),
                problems[1] && messageFor(problems[1], productMessages.sellPricePositive),
              ].filter(Boolean),
            ),
          );
        }
        if (edit && res.status === 201) {
          const edited = await t.request('PUT', `/api/products/update/${res.body.product.id}`, {
            token: seller.token,
            body: { reserve_price: sell },
          });
          const problem = expectedProblem(sell, true);
          expect(edited.status).toBe(problem ? 400 : 200);
          if (problem)
            expect(edited.body.message).toBe(messageFor(problem, productMessages.reservePriceInvalid));
        }
        await expectOnlyWholePesosStored();
      }),
      { numRuns: 30 },
    );
  });

  it('property: auctions created with any increments store whole pesos only', async () => {
    await fc.assert(
      fc.asyncProperty(amounts, fc.oneof(fc.constant(0), amounts), async (minOffer, maxOffer) => {
        const product = await insertProduct(t.ctx.db, seller.user.id);
        const res = await t.request('POST', '/api/auctions/create', {
          token: seller.token,
          body: { title: 'Subasta', products: [product.id], min_offer: minOffer, max_offer: maxOffer },
        });
        const problems = [expectedProblem(minOffer, true), expectedProblem(maxOffer, true)];
        if (problems.every((p) => p === null)) {
          const rangeOk = maxOffer === 0 || maxOffer > minOffer;
          expect(res.status).toBe(rangeOk ? 201 : 400);
          if (rangeOk) expect(res.body).toMatchObject({ min_offer: minOffer, max_offer: maxOffer });
          else expect(res.body.message).toBe(auctionFormMessages.maxOfferAboveMin);
        } else {
          expect(res.status).toBe(400);
          const first = problems.find((p) => p !== null)!;
          expect(res.body.message).toBe(
            messageFor(
              first,
              problems[0] ? auctionFormMessages.minOfferInvalid : auctionFormMessages.maxOfferInvalid,
            ),
          );
        }
        await expectOnlyWholePesosStored();
      }),
      { numRuns: 40 },
    );
  });

  it('property: bids, maximum bids and raised maximums store whole pesos only', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
    });
    const p = products[0]!.id;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        amounts,
        fc.option(amounts, { nil: undefined }),
        amounts,
        async (amount, max, raise) => {
          const bidder = accepted % 2 === 0 ? ana : beto;
          const res = await t.request('POST', '/api/bids/create-bid', {
            token: bidder.token,
            body: {
              auction_id: auction.id,
              product_id: p,
              amount,
              ...(max === undefined ? {} : { max_amount: max }),
            },
          });
          const amountProblem = expectedProblem(amount, false);
          const maxProblem = max === undefined ? null : expectedProblem(max, false);
          if (amountProblem) {
            expect(res.status).toBe(400);
            expect(res.body.message).toBe(messageFor(amountProblem, bidMessages.invalidAmount));
          } else if (maxProblem) {
            expect(res.status).toBe(400);
            expect(res.body.message).toBe(messageFor(maxProblem, bidMessages.invalidMax));
          }
          if (res.status === 201) accepted += 1;
          const raised = await t.request('PUT', `/api/bids/max/${auction.id}/${p}`, {
            token: bidder.token,
            body: { max_amount: raise },
          });
          const raiseProblem = expectedProblem(raise, false);
          if (raiseProblem) {
            expect(raised.status).toBe(400);
            expect(raised.body.message).toBe(messageFor(raiseProblem, bidMessages.invalidMax));
          }
          await expectOnlyWholePesosStored();
        },
      ),
      { numRuns: 60 },
    );
    // The property ran against a live race, not only against refusals.
    expect(accepted).toBeGreaterThan(0);
  });
});
