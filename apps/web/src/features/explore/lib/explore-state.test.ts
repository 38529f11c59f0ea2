import { describe, expect, it } from 'vitest';
import { activeFilterCount, readExploreState, writeExploreState } from './explore-state.ts';

describe('explore state in the address', () => {
  it('round-trips every filter and the sort', () => {
    const text =
      'q=hot+wheels&kind=auction&category_id=1&brand_id=2&scale_id=3&condition=usado&min_price=10&max_price=500&sort=price_asc';
    const state = readExploreState(new URLSearchParams(text));
    expect(state).toEqual({
      q: 'hot wheels',
      kind: 'auction',
      category_id: 1,
      brand_id: 2,
      scale_id: 3,
      condition: 'usado',
      min_price: 10,
      max_price: 500,
      sort: 'price_asc',
    });
    expect(writeExploreState(state).toString()).toBe(text);
    expect(activeFilterCount(state)).toBe(8);
  });

  it('leaves out defaults and anything malformed', () => {
    const state = readExploreState(
      new URLSearchParams(
        'kind=x&category_id=-1&brand_id=abc&condition=roto&min_price=1e9&sort=random&max_price=5',
      ),
    );
    expect(state).toEqual({ kind: 'all', q: '', sort: 'newest', max_price: 5 });
    expect(writeExploreState(state).toString()).toBe('max_price=5');
    expect(writeExploreState(readExploreState(new URLSearchParams(''))).toString()).toBe('');
  });

  it('drops a reversed price range upper bound', () => {
    expect(readExploreState(new URLSearchParams('min_price=100&max_price=10')).max_price).toBeUndefined();
  });
});
