import { describe, expect, it } from 'vitest';
import { createAuth, type SessionInfo } from '../../src/platform/auth.ts';
import { createClock } from '../../src/platform/clock.ts';

/** An auth whose account store counts its reads: the cache is judged by the reads it saves. */
function countingAuth(cacheMs?: number) {
  const versions = new Map<number, number>([
    [1, 0],
    [2, 0],
  ]);
  const reads: number[] = [];
  const auth = createAuth(
    'a-secret-that-is-long-enough-for-hs256',
    createClock(false),
    async (id): Promise<SessionInfo> => {
      reads.push(id);
      const version = versions.get(id);
      return version === undefined ? undefined : { token_version: version };
    },
    cacheMs,
  );
  return { auth, reads, versions };
}

describe('token checks', () => {
  it('read the account once, then trust the cached version', async () => {
    const { auth, reads } = countingAuth();
    const token = await auth.issueToken(1, 0);
    for (let i = 0; i < 20; i += 1) expect(await auth.verifyToken(token)).toBe(1);
    expect(reads).toEqual([1]);
  });

  it('refuse an ended token at once in the process that ended it', async () => {
    const { auth, versions } = countingAuth();
    const token = await auth.issueToken(1, 0);
    expect(await auth.verifyToken(token)).toBe(1);
    versions.set(1, 1); // logout or a password change bumps the version…
    auth.forgetSessions(1); // …and drops the cached one in the same breath
    expect(await auth.verifyToken(token)).toBeNull();
    expect(await auth.verifyToken(await auth.issueToken(1, 1))).toBe(1);
  });

  it('forget only the account whose sessions ended', async () => {
    const { auth, reads } = countingAuth();
    const [one, two] = [await auth.issueToken(1, 0), await auth.issueToken(2, 0)];
    await auth.verifyToken(one);
    await auth.verifyToken(two);
    auth.forgetSessions(1);
    await auth.verifyToken(one);
    await auth.verifyToken(two);
    expect(reads).toEqual([1, 2, 1]);
  });

  it('read again when asked for a fresh answer, and after the cache time', async () => {
    const { auth, reads, versions } = countingAuth(30);
    const token = await auth.issueToken(1, 0);
    await auth.verifyToken(token);
    expect(await auth.verifyToken(token, { fresh: true })).toBe(1);
    expect(reads).toEqual([1, 1]);
    // Another process ended the sessions and its event never came: the entry still expires.
    versions.set(1, 1);
    expect(await auth.verifyToken(token)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await auth.verifyToken(token)).toBeNull();
  });

  it('never caches an unknown account or a forged token', async () => {
    const { auth, reads } = countingAuth();
    const ghost = await auth.issueToken(99, 0);
    expect(await auth.verifyToken(ghost)).toBeNull();
    expect(await auth.verifyToken(ghost)).toBeNull();
    expect(reads).toEqual([99, 99]);
    const forged = `${(await auth.issueToken(1, 0)).slice(0, -2)}xx`;
    expect(await auth.verifyToken(forged)).toBeNull();
    expect(reads).toEqual([99, 99]);
  });

  it('refuse a token once it expires, though its signature was checked before', async () => {
    const clock = createClock(true);
    const auth = createAuth('a-secret-that-is-long-enough-for-hs256', clock, async () => ({
      token_version: 0,
    }));
    const token = await auth.issueToken(1, 0);
    expect(await auth.verifyToken(token)).toBe(1);
    clock.advance(7 * 24 * 3600 + 1);
    expect(await auth.verifyToken(token)).toBeNull();
  });

  it('refuse a forged token however many times it comes', async () => {
    const { auth } = countingAuth();
    const token = await auth.issueToken(1, 0);
    const [head, body] = token.split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    for (let i = 0; i < 3; i += 1) expect(await auth.verifyToken(forged)).toBeNull();
    expect(await auth.verifyToken(token)).toBe(1);
  });
});
