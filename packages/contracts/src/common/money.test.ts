import { describe, expect, it } from 'vitest';
import { MaxBidInputSchema, PlaceBidInputSchema } from '../auctions/auction.schemas.ts';
import { auctionFormMessages, makeCreateAuctionSchema } from '../auctions/auction-form.ts';
import { bidMessages } from '../auctions/bidding.ts';
import { productMessages } from '../products/product.messages.ts';
import { makeCreateProductSchema, UpdateProductInputSchema } from '../products/product.schemas.ts';
import { wholePesos } from './money.schemas.ts';
import { MAX_AMOUNT_PESOS, moneyMessages, moneyProblem } from './money.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('moneyProblem', () => {
  const cases: Array<[unknown, boolean, ReturnType<typeof moneyProblem>]> = [
    [1, false, null],
    [MAX_AMOUNT_PESOS, false, null],
    [0, false, 'invalid'],
    [0, true, null],
    [-1, true, 'invalid'],
    [-0.5, true, 'invalid'],
    [0.5, false, 'fraction'],
    [10.555, false, 'fraction'],
    [1500.5, true, 'fraction'],
    [MAX_AMOUNT_PESOS + 1, false, 'too_large'],
    [1e11, false, 'too_large'],
    [1e11 + 0.5, false, 'too_large'],
    [Number.POSITIVE_INFINITY, false, 'too_large'],
    [Number.NaN, false, 'invalid'],
    ['100', false, 'invalid'],
    [null, true, 'invalid'],
  ];
  it.each(cases)('%s (zero allowed: %s) -> %s', (value, allowZero, expected) => {
    expect(moneyProblem(value, { allowZero })).toBe(expected);
  });
});

describe('wholePesos: the same messages in every schema that takes money', () => {
  const field = 'Mensaje del campo';
  it.each([
    [1, null],
    [10_000_000_000, null],
    [10.555, moneyMessages.fraction],
    [1e11, moneyMessages.tooLarge],
    [Number.POSITIVE_INFINITY, moneyMessages.tooLarge],
    [0, field],
    [-3, field],
    ['12', field],
    [null, field],
    [undefined, field],
  ])('%s -> %s', (value, expected) => {
    expect(firstMessage(wholePesos(field).safeParse(value))).toBe(expected);
  });

  it('gives one issue per field, the one that names the problem', () => {
    const result = wholePesos(field).safeParse(1e11 + 0.5);
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([moneyMessages.tooLarge]);
  });

  const product = {
    name: 'Carro',
    year: 2000,
    description: 'Un carro',
    category_id: 2,
    brand_id: 3,
    image: 'data:image/png;base64,iVBORw0KGgo=',
  };
  const createProduct = makeCreateProductSchema({ scaleRequiredFor: () => false });
  const now = new Date('2026-11-22T12:00:00Z');
  const createAuction = makeCreateAuctionSchema(now);
  const auction = { title: 'Subasta', products: [1] };
  const bid = { auction_id: 1, product_id: 1 };

  // Every request field that carries money, with its own message for what is not an amount.
  const schemas: Array<{
    name: string;
    parse: (amount: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
    own: string;
    zero: 'ok' | 'own';
  }> = [
    {
      name: 'product reserve_price',
      parse: (v) => createProduct.safeParse({ ...product, reserve_price: v }),
      own: productMessages.reservePriceInvalid,
      zero: 'ok',
    },
    {
      name: 'product base_price',
      parse: (v) => createProduct.safeParse({ ...product, base_price: v }),
      own: productMessages.basePriceInvalid,
      zero: 'ok',
    },
    {
      name: 'product sell_price',
      parse: (v) => createProduct.safeParse({ ...product, can_be_bought: true, sell_price: v }),
      own: productMessages.sellPricePositive,
      zero: 'own',
    },
    {
      name: 'product edit reserve_price',
      parse: (v) => UpdateProductInputSchema.safeParse({ reserve_price: v }),
      own: productMessages.reservePriceInvalid,
      zero: 'ok',
    },
    {
      name: 'auction min_offer',
      parse: (v) => createAuction.safeParse({ ...auction, min_offer: v }),
      own: auctionFormMessages.minOfferInvalid,
      zero: 'ok',
    },
    {
      name: 'auction max_offer',
      parse: (v) => createAuction.safeParse({ ...auction, max_offer: v }),
      own: auctionFormMessages.maxOfferInvalid,
      zero: 'ok',
    },
    {
      name: 'bid amount',
      parse: (v) => PlaceBidInputSchema.safeParse({ ...bid, amount: v }),
      own: bidMessages.invalidAmount,
      zero: 'own',
    },
    {
      name: 'bid max_amount',
      parse: (v) => PlaceBidInputSchema.safeParse({ ...bid, amount: 1, max_amount: v }),
      own: bidMessages.invalidMax,
      zero: 'own',
    },
    {
      name: 'raised max_amount',
      parse: (v) => MaxBidInputSchema.safeParse({ max_amount: v }),
      own: bidMessages.invalidMax,
      zero: 'own',
    },
  ];

  describe.each(schemas)('$name', ({ parse, own, zero }) => {
    it.each([
      [1, null],
      [250_000, null],
      [10_000_000_000, null],
      [10.555, moneyMessages.fraction],
      [0.5, moneyMessages.fraction],
      [1e11, moneyMessages.tooLarge],
      [10_000_000_001, moneyMessages.tooLarge],
      [-1, own],
      ['5000', own],
    ])('%s -> %s', (value, expected) => {
      expect(firstMessage(parse(value))).toBe(expected);
    });
    it(`0 is ${zero === 'ok' ? 'none' : 'refused'}`, () => {
      expect(firstMessage(parse(0))).toBe(zero === 'ok' ? null : own);
    });
  });
});
