import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache } from '../../src/platform/read-cache.ts';
import { startTestApp, type TestApp } from '../helpers/build-app.ts';

describe('read cache under a change counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const far = () => new Date(t.ctx.clock.now().getTime() + 3_600_000);
  const bump = () =>
    sql`update change_versions set version = version + 1 where name = 'auction_list'`.execute(t.ctx.db);
  const cache = () => createReadCache<number>({ db: t.ctx.db, clock: t.ctx.clock, counter: 'auction_list' });

  it('concurrent misses share one load; later reads are served until the counter moves', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ({ value: ++loads, validUntil: far() });
    expect(await Promise.all([c.get('k', load), c.get('k', load), c.get('k', load)])).toEqual([1, 1, 1]);
    expect(await c.get('k', load)).toBe(1);
    await bump();
    expect(await c.get('k', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('an answer loaded while a change committed is not served again', async () => {
    const c = cache();
    let loads = 0;
    const slow = async () => {
      loads += 1;
      const value = loads;
      if (loads === 1) await bump();
      return { value, validUntil: far() };
    };
    expect(await c.get('k', slow)).toBe(1);
    expect(await c.get('k', slow)).toBe(2);
    expect(await c.get('k', slow)).toBe(2);
  });

  it('an answer is not served past the time it said it holds', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ({ value: ++loads, validUntil: new Date(t.ctx.clock.now().getTime() + 10_000) });
    await c.get('k', load);
    expect(await c.get('k', load)).toBe(1);
    t.ctx.clock.advance(11);
    expect(await c.get('k', load)).toBe(2);
  });
});
