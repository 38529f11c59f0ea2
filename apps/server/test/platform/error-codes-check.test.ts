import { defineEndpoint, errorResponses } from '@app/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type UndeclaredErrorCode, watchErrorCodes } from '../../src/platform/error-codes.ts';
import { AppError, conflict, registerErrorHandler } from '../../src/platform/errors.ts';
import { declareRoute, useEndpointSchemas } from '../../src/platform/routes.ts';

const thing = defineEndpoint({
  method: 'POST',
  path: '/api/things/:code',
  summary: 'Answers the error its path names',
  tag: 'things',
  auth: 'none',
  params: z.object({ code: z.string() }),
  errorCodes: ['THING_TAKEN'],
  idempotent: true,
  responses: { 200: z.object({ ok: z.boolean() }), ...errorResponses },
});

/** An app with one declared route that fails with the code in its path, watched. */
async function watchedApp() {
  const app = Fastify();
  const seen: UndeclaredErrorCode[] = [];
  registerErrorHandler(app);
  watchErrorCodes(app, (undeclared) => seen.push(undeclared));
  useEndpointSchemas(app);
  const ctx = { auth: { requireUser: async () => {}, optionalUser: async () => {} } } as never;
  declareRoute(app, ctx, thing, { idempotent: false }, async (request) => {
    if (request.params.code === 'NONE') return { ok: true };
    throw conflict(request.params.code, 'No.');
  });
  // Not registered from a declaration: nothing to compare with.
  app.get('/plain', async () => {
    throw new AppError('ANYTHING', 400, 'No.');
  });
  return { app, seen };
}

describe('error codes checked against the declaration', () => {
  it('reports an answer whose code the route does not declare, naming the route and the code', async () => {
    const { app, seen } = await watchedApp();
    const res = await app.inject({ method: 'POST', url: '/api/things/SURPRISE' });
    expect(res.statusCode).toBe(409);
    expect(seen).toEqual([{ route: 'POST /api/things/:code', status: 409, code: 'SURPRISE' }]);
    await app.close();
  });

  it("passes the declared codes, the platform's and successes; undeclared routes are not checked", async () => {
    const { app, seen } = await watchedApp();
    for (const code of ['THING_TAKEN', 'RATE_LIMITED', 'NONE']) {
      await app.inject({ method: 'POST', url: `/api/things/${code}` });
    }
    expect((await app.inject({ method: 'GET', url: '/plain' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    // The route is registered without an Idempotency-Key here: the key's codes are not its own.
    await app.inject({ method: 'POST', url: '/api/things/IDEMPOTENCY_KEY_REUSED' });
    expect(seen.map((u) => u.code)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
    await app.close();
  });
});
