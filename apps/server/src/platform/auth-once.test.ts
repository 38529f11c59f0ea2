import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAuth } from './auth.ts';
import { createClock } from './clock.ts';

/**
 * A request whose session was already read (the operator guard reads it before the admin route's
 * own check) is not read again.
 */
describe('requireUser', () => {
  it('reads the session once per request, however many hooks ask', async () => {
    let reads = 0;
    // No cache: every check that reaches the database is counted.
    const auth = createAuth(
      'x'.repeat(32),
      createClock(false),
      async () => {
        reads += 1;
        return { token_version: 0, session_active: true };
      },
      0,
    );
    const token = await auth.issueToken(7, 0, 'sesion-1');
    const request = {
      headers: { authorization: `Bearer ${token}` },
      userId: null,
      sessionId: null,
    } as unknown as FastifyRequest;
    const reply = {} as FastifyReply;
    await auth.requireUser(request, reply);
    await auth.requireUser(request, reply);
    expect(request.userId).toBe(7);
    expect(reads).toBe(1);
  });

  it('still refuses a request without a session (401)', async () => {
    const auth = createAuth('x'.repeat(32), createClock(false), async () => undefined, 0);
    const request = { headers: {}, userId: null, sessionId: null } as unknown as FastifyRequest;
    await expect(auth.requireUser(request, {} as FastifyReply)).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});
