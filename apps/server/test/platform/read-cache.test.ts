import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus, type EventBus } from '../../src/platform/events.ts';
import {
  createReadCache,
  createReadFreshness,
  READ_CACHE_CHANNEL,
  readFreshness,
} from '../../src/platform/read-cache.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

// One app for both ways a cache is kept current: each test makes its own caches.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const far = () => new Date(t.ctx.clock.now().getTime() + 3_600_000);
const bump = () =>
  sql`update change_versions set version = version + 1 where name = 'auction_list'`.execute(t.ctx.db);

describe('read cache under a change counter', () => {
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

  it('a copy of the app context shares its one freshness tracker', () => {
    expect(readFreshness({ ...t.ctx })).toBe(readFreshness(t.ctx));
  });

  it('a full cache lets go of its oldest answer only; nothing to show (null) is not kept', async () => {
    const c = createReadCache<string | null>({
      db: t.ctx.db,
      clock: t.ctx.clock,
      counter: 'auction_list',
      maxEntries: 2,
    });
    const loads: string[] = [];
    const load =
      (key: string, value: string | null = key) =>
      async () => {
        loads.push(key);
        return { value, validUntil: far() };
      };
    await c.get('a', load('a'));
    await c.get('b', load('b'));
    // Ids that show nothing (such as ids that do not exist) take no place.
    for (const missing of ['x', 'y', 'z']) expect(await c.get(missing, load(missing, null))).toBeNull();
    expect(await c.get('x', load('x', null))).toBeNull();
    await c.get('a', load('a'));
    await c.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'x', 'y', 'z', 'x']);
    // A third answer pushes out the oldest, 'a', and keeps 'b'.
    await c.get('c', load('c'));
    await c.get('b', load('b'));
    await c.get('c', load('c'));
    expect(loads.slice(6)).toEqual(['c']);
    await c.get('a', load('a'));
    expect(loads.slice(7)).toEqual(['a']);
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

describe('read cache vouched for by the event bus', () => {
  /** An in-process bus whose connection a test can take down, as Redis's would go. */
  function bus() {
    const inner = createInProcessEventBus();
    const state = { connected: true };
    const wrapped: EventBus = {
      ...inner,
      // Stands for a bus other processes share (Redis): announcements go out on it.
      local: false,
      stats: () => ({ published: 0, dropped: 0, queued: 0, connected: state.connected }),
    };
    return { bus: wrapped, state };
  }

  async function setup(maxAgeMs = 600_000) {
    const { bus: events, state } = bus();
    const freshness = createReadFreshness(events, { maxAgeMs });
    await new Promise((resolve) => setTimeout(resolve, 10)); // subscribed
    const c = createReadCache<number>({
      db: t.ctx.db,
      clock: t.ctx.clock,
      counter: 'auction_list',
      freshness,
    });
    let loads = 0;
    const load = async () => ({ value: ++loads, validUntil: far() });
    return { c, freshness, state, load, events };
  }

  it('serves a confirmed answer with no counter read until a change is announced', async () => {
    const { c, freshness, load } = await setup();
    expect(await c.get('k', load)).toBe(1);
    await bump(); // not announced: unseen
    expect(await c.get('k', load)).toBe(1);
    freshness.changed();
    expect(await c.get('k', load)).toBe(2);
    expect(await c.get('k', load)).toBe(2);
  });

  it('another process announcing a change (a bus message) ends the confirmation', async () => {
    const { c, load, events } = await setup();
    expect(await c.get('k', load)).toBe(1);
    await bump();
    expect(await c.get('k', load)).toBe(1);
    await events.publish(READ_CACHE_CHANNEL, { from: 'another process' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await c.get('k', load)).toBe(2);
  });

  it('a load that started before a change was announced is not kept as confirmed', async () => {
    const { c, freshness } = await setup();
    let loads = 0;
    const slow = async () => {
      loads += 1;
      const value = loads;
      if (loads === 1) {
        // Committed and announced while the first load is under way (after its counter read).
        await bump();
        freshness.changed();
      }
      return { value, validUntil: far() };
    };
    expect(await c.get('k', slow)).toBe(1);
    expect(await c.get('k', slow)).toBe(2);
    expect(await c.get('k', slow)).toBe(2);
    expect(loads).toBe(2);
  });

  it('while the bus is disconnected every read checks the counter; a reconnection trusts nothing from before', async () => {
    const { c, state, load } = await setup();
    expect(await c.get('k', load)).toBe(1);
    state.connected = false;
    await bump();
    expect(await c.get('k', load)).toBe(2);
    await bump();
    expect(await c.get('k', load)).toBe(3);
    state.connected = true;
    expect(await c.get('k', load)).toBe(3); // checked and confirmed again
    await bump();
    expect(await c.get('k', load)).toBe(3); // from memory again
  });

  it('a confirmation holds only its maximum age', async () => {
    // Two seconds: the write between the first two reads must fit in it on a starved machine.
    const { c, load } = await setup(2_000);
    expect(await c.get('k', load)).toBe(1);
    await bump();
    expect(await c.get('k', load)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await c.get('k', load)).toBe(2);
  });
});
