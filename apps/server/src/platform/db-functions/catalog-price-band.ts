import type { DbFunction } from './db-function.ts';

/**
 * The lower bounds of browse's price bands, in centavos: 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8 and 9
 * times each power of ten from $1,000 to $10,000,000, then $100,000,000. Band 0 is below the
 * first bound, band i from the i-th bound (inclusive) to the next. Round prices a visitor types
 * are bounds, so a price filter covers whole bands but for at most one band at each end. Changing
 * them takes a migration that also rewrites `catalog_listing.price_band` and the facet counts.
 */
export const PRICE_BAND_BOUNDS: readonly number[] = (() => {
  const steps = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9];
  const bounds: number[] = [];
  for (let pesos = 1_000; pesos < 100_000_000; pesos *= 10)
    for (const step of steps) bounds.push(Math.round(step * pesos * 100));
  bounds.push(100_000_000 * 100);
  return bounds;
})();

/** The band a price in centavos falls in (`width_bucket` over the bounds; null for no price). */
export const catalogPriceBand: DbFunction = {
  name: 'catalog_price_band',
  definition: `
create or replace function catalog_price_band(price bigint) returns integer language sql immutable parallel safe as $$
      select width_bucket(price, array[${PRICE_BAND_BOUNDS.join(',')}]::bigint[])
    $$`,
  triggers: [],
};
