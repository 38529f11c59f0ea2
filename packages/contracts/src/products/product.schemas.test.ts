import { describe, expect, it } from 'vitest';
import { moneyMessages } from '../common/money.ts';
import { productMessages as m } from './product.messages.ts';
import { makeCreateProductSchema, UpdateProductInputSchema } from './product.schemas.ts';
import { PRODUCT_IMAGE_MAX_BYTES } from './product-rules.ts';

const DIE_CAST = 1;
const schema = makeCreateProductSchema({ scaleRequiredFor: (id) => id === DIE_CAST });
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const card = {
  name: 'Carta Pokémon Charizard',
  year: 1999,
  description: 'Holo, primera edición',
  tags: 'pokemon, holo',
  category_id: 2,
  brand_id: 7,
  image: PNG,
};
const car = { ...card, name: 'Hot Wheels Skyline', category_id: DIE_CAST, brand_id: 1, scale_id: 4 };

const messages = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const bigBase64 = (bytes: number) => Buffer.alloc(bytes).toString('base64');

describe('create product rules', () => {
  const cases: Array<[string, unknown, string | null]> = [
    ['a card without scale', card, null],
    ['a die-cast car with scale', car, null],
    ['missing name', { ...card, name: undefined }, m.nameRequired],
    ['blank name', { ...card, name: '   ' }, m.nameRequired],
    ['name too long', { ...card, name: 'x'.repeat(151) }, m.nameTooLong],
    ['missing year', { ...card, year: null }, m.yearRequired],
    ['year as text', { ...card, year: 'mil' }, m.yearInvalid],
    ['year with decimals', { ...card, year: 1999.5 }, m.yearInvalid],
    ['year too old', { ...card, year: 1800 }, m.yearInvalid],
    ['missing description', { ...card, description: '' }, m.descriptionRequired],
    ['missing category', { ...card, category_id: null }, m.categoryRequired],
    ['category as empty text', { ...card, category_id: '' }, m.categoryRequired],
    ['missing brand', { ...card, brand_id: undefined }, m.brandRequired],
    ['die-cast without scale', { ...car, scale_id: null }, m.scaleRequired],
    ['die-cast with a bad scale', { ...car, scale_id: -3 }, m.scaleInvalid],
    ['buy-now without sell_price', { ...card, can_be_bought: true }, m.sellPriceRequired],
    ['buy-now with sell_price 0', { ...card, can_be_bought: true, sell_price: 0 }, m.sellPricePositive],
    ['buy-now with sell_price', { ...card, can_be_bought: true, sell_price: 150000 }, null],
    ['negative reserve', { ...card, reserve_price: -1 }, m.reservePriceInvalid],
    ['reserve as text', { ...card, reserve_price: '10' }, m.reservePriceInvalid],
    ['reserve with 3 decimals', { ...card, reserve_price: 1.005 }, moneyMessages.fraction],
    ['reserve with centavos', { ...card, reserve_price: 10.555 }, moneyMessages.fraction],
    ['reserve above the maximum', { ...card, reserve_price: 1e11 }, moneyMessages.tooLarge],
    ['sell price with centavos', { ...card, can_be_bought: true, sell_price: 0.5 }, moneyMessages.fraction],
    ['null reserve', { ...card, reserve_price: null }, null],
    ['negative base', { ...card, base_price: -0.01 }, m.basePriceInvalid],
    ['missing image', { ...card, image: undefined }, m.imageRequired],
    ['empty image', { ...card, image: '' }, m.imageRequired],
    ['not a data URL', { ...card, image: 'https://example.com/a.png' }, m.imageInvalid],
    ['svg image', { ...card, image: 'data:image/svg+xml;base64,PHN2Zz4=' }, m.imageType],
    ['text file', { ...card, image: 'data:text/plain;base64,aG9sYQ==' }, m.imageType],
    ['jpg alias', { ...card, image: 'data:image/jpg;base64,/9j/4AAQ' }, null],
    [
      'over 5 MB',
      { ...card, image: `data:image/png;base64,${bigBase64(PRODUCT_IMAGE_MAX_BYTES + 3)}` },
      m.imageTooLarge,
    ],
    ['exactly 5 MB', { ...card, image: `data:image/png;base64,${bigBase64(PRODUCT_IMAGE_MAX_BYTES)}` }, null],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    const found = messages(input);
    if (expected === null) expect(found).toEqual([]);
    else expect(found).toContain(expected);
  });

  it('reports every missing field at once', () => {
    expect(messages({ can_be_bought: true, category_id: DIE_CAST })).toEqual(
      expect.arrayContaining([
        m.nameRequired,
        m.yearRequired,
        m.descriptionRequired,
        m.brandRequired,
        m.imageRequired,
        m.scaleRequired,
        m.sellPriceRequired,
      ]),
    );
  });

  it('reports the scale and sell price with fields that break their limits, too', () => {
    const over = {
      ...car,
      scale_id: null,
      can_be_bought: true,
      name: 'x'.repeat(151),
      description: 'x'.repeat(5001),
      tags: 'x'.repeat(501),
      year: 3000,
      brand_id: 2 ** 31,
    };
    expect(messages(over)).toEqual(
      expect.arrayContaining([
        m.nameTooLong,
        m.descriptionTooLong,
        m.tagsTooLong,
        m.yearInvalid,
        m.brandRequired,
        m.scaleRequired,
        m.sellPriceRequired,
      ]),
    );
  });

  it('drops the scale outside die-cast and the sell price without buy-now', () => {
    const out = schema.parse({ ...card, scale_id: 3, can_be_bought: false, sell_price: 5000 });
    expect(out.scale_id).toBeNull();
    expect(out.sell_price).toBeNull();
    expect(out.can_be_bought).toBe(false);
    expect(out.tags).toBe('pokemon, holo');
    expect(out.reserve_price).toBeNull();
  });

  it('keeps the scale for die-cast and trims text', () => {
    const out = schema.parse({ ...car, name: '  Skyline  ', tags: '   ' });
    expect(out.scale_id).toBe(4);
    expect(out.name).toBe('Skyline');
    expect(out.tags).toBeNull();
  });
});

describe('update product payload', () => {
  const cases: Array<[string, unknown, string | null]> = [
    ['all four fields', { name: 'Nuevo', description: 'Texto', reserve_price: 1000, year: 2001 }, null],
    ['empty payload', {}, null],
    ['blank name', { name: ' ' }, m.nameRequired],
    ['blank description', { description: '' }, m.descriptionRequired],
    ['negative reserve', { reserve_price: -5 }, m.reservePriceInvalid],
    ['reserve as text', { reserve_price: 'mucho' }, m.reservePriceInvalid],
    ['year as text', { year: 'dos mil' }, m.yearInvalid],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    const result = UpdateProductInputSchema.safeParse(input);
    if (expected === null) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((i) => i.message)).toContain(expected);
  });

  it('ignores fields that cannot be edited', () => {
    const out = UpdateProductInputSchema.parse({ name: 'X', owner_id: 99, status: 'sold' });
    expect(out).toEqual({ name: 'X' });
  });
});
