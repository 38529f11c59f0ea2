import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAuth, type SessionInfo } from './auth.ts';
import { createClock } from './clock.ts';

const SECRET = 'a-secret-that-is-long-enough-for-hs256';

/**
 * An auth whose session store counts its reads: the cache is judged by the reads it saves.
 * Accounts 1 and 2 exist at version 0; sessions 'a', 'b' (account 1) and 'c' (account 2) are open.
 */
function countingAuth(cacheMs?: number) {
  const versions = new Map<number, number>([
    [1, 0],
    [2, 0],
  ]);
  const sessions = new Map<string, { userId: number; ended: boolean }>([
    ['a', { userId: 1, ended: false }],
    ['b', { userId: 1, ended: false }],
    ['c', { userId: 2, ended: false }],
  ]);
  const reads: string[] = [];
  const auth = createAuth(
    SECRET,
    createClock(false),
    async (id, sid): Promise<SessionInfo> => {
      reads.push(`${id}/${sid}`);
      const version = versions.get(id);
      if (version === undefined) return undefined;
      const session = sessions.get(sid);
      return { token_version: version, session_active: session?.userId === id && !session.ended };
    },
    cacheMs,
  );
  return { auth, reads, versions, sessions };
}

describe('token checks', () => {
  it('read a session once, then trust the cached answer', async () => {
    const { auth, reads } = countingAuth();
    const token = await auth.issueToken(1, 0, 'a');
    for (let i = 0; i < 20; i += 1) expect(await auth.verifyToken(token)).toBe(1);
    expect(await auth.verifySession(token)).toEqual({ userId: 1, sessionId: 'a' });
    expect(reads).toEqual(['1/a']);
  });

  it('refuse an ended session at once in the process that ended it; the account’s other session goes on', async () => {
    const { auth, sessions } = countingAuth();
    const [a, b] = [await auth.issueToken(1, 0, 'a'), await auth.issueToken(1, 0, 'b')];
    expect(await auth.verifyToken(a)).toBe(1);
    expect(await auth.verifyToken(b)).toBe(1);
    sessions.get('a')!.ended = true; // logout ends the row…
    auth.forgetSessions(1); // …and drops the cached answers in the same breath
    expect(await auth.verifyToken(a)).toBeNull();
    expect(await auth.verifyToken(b)).toBe(1);
  });

  it('refuse every session of an account whose version moved (ending every session)', async () => {
    const { auth, versions } = countingAuth();
    const [a, b] = [await auth.issueToken(1, 0, 'a'), await auth.issueToken(1, 0, 'b')];
    await auth.verifyToken(a);
    await auth.verifyToken(b);
    versions.set(1, 1);
    auth.forgetSessions(1);
    expect(await auth.verifyToken(a)).toBeNull();
    expect(await auth.verifyToken(b)).toBeNull();
    expect(await auth.verifyToken(await auth.issueToken(1, 1, 'b'))).toBe(1);
  });

  it('a session id of another account opens nothing', async () => {
    const { auth } = countingAuth();
    expect(await auth.verifyToken(await auth.issueToken(1, 0, 'c'))).toBeNull();
    expect(await auth.verifyToken(await auth.issueToken(1, 0, 'nunca'))).toBeNull();
  });

  it('forget only the account whose sessions ended', async () => {
    const { auth, reads } = countingAuth();
    const [one, two] = [await auth.issueToken(1, 0, 'a'), await auth.issueToken(2, 0, 'c')];
    await auth.verifyToken(one);
    await auth.verifyToken(two);
    auth.forgetSessions(1);
    await auth.verifyToken(one);
    await auth.verifyToken(two);
    expect(reads).toEqual(['1/a', '2/c', '1/a']);
  });

  it('an answer read while the sessions were being ended is not cached', async () => {
    let ended = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const reading = new Promise<void>((resolve) => {
      started = resolve;
    });
    const auth = createAuth(SECRET, createClock(false), async () => {
      // The row as it was when the read ran; the answer arrives after the logout was done.
      const answer = { token_version: 0, session_active: !ended };
      started();
      await gate;
      return answer;
    });
    const token = await auth.issueToken(1, 0, 'a');
    const inFlight = auth.verifyToken(token);
    await reading;
    ended = true;
    auth.forgetSessions(1);
    release();
    expect(await inFlight).toBe(1); // read before the logout: that one answer stands
    expect(await auth.verifyToken(token)).toBeNull(); // but it was not kept
  });

  it('read again when asked for a fresh answer, and after the cache time', async () => {
    const { auth, reads, sessions } = countingAuth(30);
    const token = await auth.issueToken(1, 0, 'a');
    await auth.verifyToken(token);
    expect(await auth.verifyToken(token, { fresh: true })).toBe(1);
    expect(reads).toEqual(['1/a', '1/a']);
    // Another process ended the session and its event never came: the entry still expires.
    sessions.get('a')!.ended = true;
    expect(await auth.verifyToken(token)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await auth.verifyToken(token)).toBeNull();
  });

  it('never caches an unknown account or a forged token', async () => {
    const { auth, reads } = countingAuth();
    const ghost = await auth.issueToken(99, 0, 'a');
    expect(await auth.verifyToken(ghost)).toBeNull();
    expect(await auth.verifyToken(ghost)).toBeNull();
    expect(reads).toEqual(['99/a', '99/a']);
    const forged = `${(await auth.issueToken(1, 0, 'a')).slice(0, -2)}xx`;
    expect(await auth.verifyToken(forged)).toBeNull();
    expect(reads).toEqual(['99/a', '99/a']);
  });

  it('refuse a token without a session id (issued before sessions existed), without reading anything', async () => {
    const { auth, reads } = countingAuth();
    const now = Math.floor(Date.now() / 1000);
    for (const claims of [{ ver: 0 }, {}, { ver: 0, sid: '' }, { ver: 0, sid: 5 }]) {
      const legacy = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('1')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(SECRET));
      expect(await auth.verifyToken(legacy)).toBeNull();
    }
    expect(reads).toEqual([]);
  });

  it('refuse a token once it expires, though its signature was checked before', async () => {
    const clock = createClock(true);
    const auth = createAuth(SECRET, clock, async () => ({ token_version: 0, session_active: true }));
    const token = await auth.issueToken(1, 0, 'a');
    expect(await auth.verifyToken(token)).toBe(1);
    clock.advance(7 * 24 * 3600 + 1);
    expect(await auth.verifyToken(token)).toBeNull();
  });

  it('refuse a forged token however many times it comes', async () => {
    const { auth } = countingAuth();
    const token = await auth.issueToken(1, 0, 'a');
    const [head, body] = token.split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    for (let i = 0; i < 3; i += 1) expect(await auth.verifyToken(forged)).toBeNull();
    expect(await auth.verifyToken(token)).toBe(1);
  });
});
