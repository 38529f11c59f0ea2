import { describe, expect, it } from 'vitest';
import { savedSearchMessages as m } from './saved-search.messages.ts';
import { CreateSavedSearchSchema } from './saved-search.schemas.ts';
import { browseViewLink, browseViewSummary, defaultSavedSearchName } from './saved-search-view.ts';

describe('saved search views', () => {
  it('links to Explorar with the defaults left out, in a fixed order', () => {
    expect(browseViewLink({ kind: 'all', sort: 'newest' })).toBe('/explorar');
    expect(browseViewLink({ sort: 'price_desc', max_price: 5000, q: ' hot wheels ', kind: 'auction' })).toBe(
      '/explorar?q=hot+wheels&kind=auction&max_price=5000&sort=price_desc',
    );
  });

  it('names the filters in words, with the names given or the ids', () => {
    const view = {
      q: 'kombi',
      kind: 'buy_now',
      brand_id: 4,
      scale_id: 2,
      condition: 'usado',
      min_price: 1000,
    } as const;
    expect(browseViewSummary(view, { brand: 'Matchbox' })).toEqual([
      '“kombi”',
      'Compra directa',
      'Matchbox',
      'Escala #2',
      'Usado',
      'Desde $ 1.000',
    ]);
    expect(browseViewSummary({ kind: 'all', sort: 'newest' })).toEqual([]);
  });

  it('proposes the term as the name, else the filters, else all products', () => {
    expect(defaultSavedSearchName({ q: 'charizard', kind: 'auction' })).toBe('charizard');
    expect(
      defaultSavedSearchName({ kind: 'auction', sort: 'price_asc', category_id: 1 }, { category: 'Cartas' }),
    ).toBe('Subastas, Cartas');
    expect(defaultSavedSearchName({ sort: 'price_asc' })).toBe(m.allProducts);
    expect(defaultSavedSearchName({ q: 'x'.repeat(100) })).toHaveLength(60);
  });

  it('counts the message in the singular for one result', () => {
    expect(m.match(1, 'Hot Wheels 1:64')).toBe('1 nuevo resultado para "Hot Wheels 1:64"');
    expect(m.match(3, 'Hot Wheels 1:64')).toBe('3 nuevos resultados para "Hot Wheels 1:64"');
  });

  it('validates the save with the browse rules', () => {
    expect(CreateSavedSearchSchema.safeParse({ name: ' a ', filters: { page: 2 } }).data).toEqual({
      name: 'a',
      filters: { kind: 'all', sort: 'newest' },
    });
    expect(
      CreateSavedSearchSchema.safeParse({ name: 'a', filters: { min_price: 9, max_price: 1 } }).success,
    ).toBe(false);
  });
});
