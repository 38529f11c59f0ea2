import { passkeysEndpoints as endpoints, passkeyMessages as messages } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { limits, perAccount, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createPasskeysService, type RelyingParty } from './passkeys.service.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import type { UsersService } from './users.service.ts';

/** Where passkeys belong: PUBLIC_URL's host and origin, else the request's own. */
function relyingParty(ctx: AppContext, request: FastifyRequest): RelyingParty {
  if (ctx.config.PUBLIC_URL) {
    const url = new URL(ctx.config.PUBLIC_URL);
    return { id: url.hostname, origin: url.origin };
  }
  return { id: request.hostname, origin: `${request.protocol}://${request.host}` };
}

/** Passkeys: register, name, list and remove them; sign in with one. */
export async function passkeysRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const passkeys = createPasskeysService(ctx, users, createTwoFactorService(ctx, users));
  // A WebAuthn answer carries a public key and an attestation: a few kilobytes.
  const webauthnBody = { bodyLimit: 64 * 1024 };

  declareRoute(app, ctx, endpoints.list, {}, async (request) => ({
    passkeys: await passkeys.list(request.userId!),
  }));

  declareRoute(
    app,
    ctx,
    endpoints.registrationOptions,
    { bodyLimit: bodyLimits.none, config: perAccount(limits.login) },
    async (request) => passkeys.registrationOptions(request.userId!, relyingParty(ctx, request)),
  );

  declareRoute(
    app,
    ctx,
    endpoints.register,
    { ...webauthnBody, config: perAccount(limits.login) },
    async (request, reply) => {
      const { name, response } = request.body;
      const passkey = await passkeys.register(request.userId!, name, response, relyingParty(ctx, request));
      return reply.status(201).send({ message: messages.added, passkey });
    },
  );

  declareRoute(app, ctx, endpoints.rename, { bodyLimit: bodyLimits.small }, async (request) => {
    const passkey = await passkeys.rename(request.userId!, request.params.id, request.body.name);
    return { message: messages.renamed, passkey };
  });

  declareRoute(
    app,
    ctx,
    endpoints.remove,
    { bodyLimit: bodyLimits.small, config: perAccount(limits.passwordChange) },
    async (request) => {
      await passkeys.remove(request.userId!, request.params.id, request.body);
      return { message: messages.removed };
    },
  );

  declareRoute(
    app,
    ctx,
    endpoints.loginOptions,
    { bodyLimit: bodyLimits.none, config: perAddress(limits.login) },
    async (request) => passkeys.loginOptions(relyingParty(ctx, request)),
  );

  declareRoute(
    app,
    ctx,
    endpoints.login,
    { ...webauthnBody, config: perAddress(limits.login) },
    async (request) =>
      passkeys.login(request.body.response, relyingParty(ctx, request), request.headers['user-agent']),
  );
}
