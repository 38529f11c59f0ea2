import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const ROUNDS = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** The spread between the first and third quartiles: how much one answer time varies by itself. */
const interquartileRange = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return at(0.75) - at(0.25);
};

/**
 * No account discovery by timing: a reset request for an address with an account and one without
 * take the same time. The noise of the machine is measured in the same run: the spread (IQR) of
 * all the answer times. Known and unknown requests alternate in a random order within each round,
 * so a burst of load on a shared machine falls on both alike; the medians of 20 each must differ
 * by less than that spread (and never need to beat one millisecond, below what a network shows).
 */
describe('password reset answer time', { timeout: 240_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  async function timed(email: string, round: number): Promise<number> {
    const started = performance.now();
    const res = await t.request('POST', '/api/users/password-reset', {
      body: { email },
      headers: { 'x-forwarded-for': `10.7.0.${round}` },
    });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    return elapsed;
  }

  it('an unknown and a known address: medians of 20 requests each differ by less than the noise', async () => {
    const users = await Promise.all(Array.from({ length: ROUNDS }, () => insertUser(t.ctx.db)));
    // Warm-up: the first requests pay for compiling and caching, on either path.
    for (let i = 0; i < 5; i++) {
      await timed(users[i]!.email, 200);
      await timed(`calentando${i}@nadie.dev`, 200);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each known request names an account no request named before (no cache of that row).
      const pair: Array<() => Promise<void>> = [
        async () => void known.push(await timed(users[round]!.email, round)),
        async () => void unknown.push(await timed(`nadie${round}-${Date.now()}@nadie.dev`, round)),
      ];
      if (Math.random() < 0.5) pair.reverse();
      for (const request of pair) await request();
    }
    const difference = Math.abs(median(known) - median(unknown));
    const noise = Math.max(1, interquartileRange([...known, ...unknown]));
    expect(
      difference,
      `medians known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms; noise ${noise.toFixed(2)} ms`,
    ).toBeLessThan(noise);
    // Both were recorded alike; the links are the timed job's work, outside the request.
    const rows = await t.ctx.db.selectFrom('password_reset_requests').select('processed_at').execute();
    expect(rows.length).toBe(2 * ROUNDS + 10);
    expect(rows.every((r) => r.processed_at === null)).toBe(true);
  });
});
