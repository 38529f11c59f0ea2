import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AnswerQuestionSchema,
  AskQuestionSchema,
  AuctionListQuerySchema,
  BankAccountUpdateSchema,
  BlockAskerSchema,
  ChangePasswordInputSchema,
  findContactData,
  LoginInputSchema,
  makeCreateAuctionSchema,
  makeCreateProductSchema,
  makeProfileUpdateSchema,
  SearchParamsSchema,
  SellerAuctionsQuerySchema,
  ShippingAddressInputSchema,
  UpdateProductInputSchema,
} from './index.ts';

/**
 * Every text field stops at its length limit before any pattern runs, and no pattern backtracks:
 * a body near the server's limit, put into any field, is refused in a few milliseconds.
 */
const schemas: Array<[string, z.ZodObject | z.ZodType, string[]]> = [
  ['login', LoginInputSchema, ['email', 'password']],
  ['change password', ChangePasswordInputSchema, ['current_password', 'new_password']],
  [
    'profile',
    makeProfileUpdateSchema('2026-01-01'),
    ['name', 'last_name', 'phone', 'address', 'bio', 'avatar', 'birth_date'],
  ],
  ['search', SearchParamsSchema, ['term']],
  ['auction list', AuctionListQuerySchema, ['search']],
  ['seller auctions', SellerAuctionsQuerySchema, ['search']],
  ['shipping address', ShippingAddressInputSchema, ['address', 'city', 'state', 'country', 'postal_code']],
  [
    'bank account change',
    BankAccountUpdateSchema,
    [
      'account_number',
      'account_name',
      'account_document_type',
      'account_document_number',
      'current_password',
    ],
  ],
  ['create auction', makeCreateAuctionSchema(new Date()), ['title', 'started_at']],
  [
    'create product',
    makeCreateProductSchema({ scaleRequiredFor: () => false }),
    ['name', 'description', 'tags', 'image'],
  ],
  ['update product', UpdateProductInputSchema, ['name', 'description']],
  ['ask question', AskQuestionSchema, ['text']],
  ['answer question', AnswerQuestionSchema, ['text']],
  ['block asker', BlockAskerSchema, ['username']],
];

// Texts that made the old patterns backtrack, and plain filler.
const hostile = [
  'a@'.padEnd(1_000_000, '.a'),
  `${'a'.repeat(500_000)}@${'a.'.repeat(250_000)}`,
  '1'.repeat(1_000_000),
  // Quadratic for the old email pattern: every dot was tried before the trailing '@' failed.
  `a@${'a.'.repeat(20_000)}@`,
  `${' '.repeat(999_990)}x`,
  `${'\u0000'.repeat(500_000)}ñ`,
];

describe('text checks stop at the length limit', () => {
  for (const [name, schema, fields] of schemas) {
    it(`${name}: every field refuses a 1 MB text quickly`, () => {
      for (const field of fields) {
        for (const text of hostile) {
          const started = performance.now();
          const result = schema.safeParse({ [field]: text });
          const elapsed = performance.now() - started;
          // Surrounding spaces are trimmed before the length counts: that one may be valid.
          if (text.trim().length > 1) expect(result.success, `${name}.${field}`).toBe(false);
          // A pattern that backtracks spends seconds to minutes on 1 MB; a length check first
          // takes about a millisecond. The bound keeps a margin a loaded 2-core machine meets.
          expect(elapsed, `${name}.${field} took ${elapsed} ms`).toBeLessThan(500);
        }
      }
    });
  }

  it('the contact-data rule reads any text in linear time', { timeout: 120_000 }, () => {
    // Shapes that make a naive phone, e-mail or domain pattern backtrack: long runs of digits
    // split by separators, of dots, of '@', of spelled words, of zero-width characters. Each is
    // timed at 1 MB: quadratic work there is some 10^12 steps (minutes), linear work well under a
    // second even on a loaded machine, so a bound of 2 s tells them apart with a wide margin on
    // either side. (A ratio between two sizes was tried: garbage collection and cache effects at
    // 1 MB moved it past any bound that still caught quadratic work.)
    const shapes: Array<[string, (size: number) => string]> = [
      ['digits and spaces', (size) => '3 '.repeat(size / 2)],
      ['digits and separators', (size) => '3.-'.repeat(size / 3)],
      ['plus signs', (size) => '+'.repeat(size)],
      ['at signs', (size) => '@a'.repeat(size / 2)],
      ['dots', (size) => 'a.'.repeat(size / 2)],
      ['spelled at and dot', (size) => 'arroba punto '.repeat(size / 13)],
      ['spelled digits', (size) => 'tres cero '.repeat(size / 10)],
      ['zero-width between digits', (size) => '\u200b3'.repeat(size / 2)],
      ['full-width letters', (size) => 'ｗ'.repeat(size)],
      ['a long e-mail', (size) => `${'a'.repeat(size / 2)}@${'a.'.repeat(size / 4)}`],
      ['filler then a mobile', (size) => `${'1 '.repeat(size / 2 - 10)}3001234567`],
    ];
    const fastest = (text: string) => {
      let best = Number.POSITIVE_INFINITY;
      // Best of five: a run slowed by another process or a garbage collection is not the figure.
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        findContactData(text);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    for (const [name, make] of shapes) {
      const large = fastest(make(1_000_000));
      expect(large, `${name}: ${large.toFixed(1)} ms at 1 MB`).toBeLessThan(2_000);
    }
    expect(findContactData(`${'1 '.repeat(499_990)}x 3001234567`)).toBe('phone');
  });

  it('the email pattern still tells valid from invalid addresses', () => {
    const email = LoginInputSchema.shape.email;
    for (const good of ['ana@example.com', 'a.b+c@mail.example.co', 'X@Y.Z'])
      expect(email.safeParse(good).success, good).toBe(true);
    for (const bad of ['ana', 'ana@', 'ana@example', 'a b@example.com', 'a@b@c.com', 'a@.com', 'a@b..com'])
      expect(email.safeParse(bad).success, bad).toBe(false);
  });
});
