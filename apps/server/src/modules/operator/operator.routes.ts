import {
  adminEndpoints,
  adminMessages,
  invitationsEndpoints,
  reportsEndpoints,
  twoFactorMessages,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { limits, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { hasSecondFactor } from '../users/second-factors.service.ts';
import { isOperator, type UsersService } from '../users/users.service.ts';
import { createOperatorService, type OperatorOptions, type OperatorService } from './operator.service.ts';

/** Every route under this prefix is for operators, whichever module registers it. */
const ADMIN_PREFIX = '/api/admin/';

/** Where links that leave the site point: PUBLIC_URL, else the request's own origin. */
function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * The one operator check: on every call to a route under /api/admin/, after the session is read
 * (401 without one) and before the body is read, the caller's operator role is read from the
 * database (a role taken away counts at once); anyone else gets 403. Registered once for the
 * whole app, so a route added later under the prefix is covered without doing anything.
 */
export function registerOperatorGuard(app: FastifyInstance, ctx: AppContext): void {
  const isAdminRoute = (request: FastifyRequest) =>
    request.routeOptions.url?.startsWith(ADMIN_PREFIX) === true;
  app.addHook('onRequest', async (request, reply) => {
    if (!isAdminRoute(request)) return;
    // Routes authenticate in their own onRequest, which runs after this one: read it here too,
    // so a route declared without `auth: 'user'` under the prefix is still closed.
    await ctx.auth.requireUser(request, reply);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (isAdminRoute(request)) {
      if (!(await isOperator(ctx.db, request.userId!))) {
        throw forbidden('OPERATOR_ONLY', adminMessages.operatorOnly);
      }
      // Operators pay out every seller: in production a password alone does not open the console.
      if (ctx.config.NODE_ENV === 'production' && !(await hasSecondFactor(ctx.db, request.userId!))) {
        throw forbidden('TWO_FACTOR_REQUIRED', twoFactorMessages.operatorNeedsSecondFactor);
      }
    }
    return payload;
  });
}

/** The operator console's calls, reports by anyone logged in, and the invitation link's page. */
export async function operatorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  users: UsersService,
  options: OperatorOptions = {},
): Promise<OperatorService> {
  const operator = createOperatorService(ctx, users, options);
  const e = adminEndpoints;

  declareRoute(app, ctx, e.stats, {}, async (request) => operator.stats(request.query.days));

  declareRoute(app, ctx, e.inviteUser, { bodyLimit: bodyLimits.small }, async (request, reply) =>
    reply.status(201).send(await operator.invite(request.userId!, request.body, publicOrigin(ctx, request))),
  );

  declareRoute(app, ctx, e.users, {}, async (request) => {
    const { query, page, size } = request.query;
    return operator.listUsers(query, page, size);
  });

  declareRoute(app, ctx, e.suspendUser, {}, async (request) =>
    operator.suspend(request.userId!, request.params.id, request.body.reason),
  );

  declareRoute(app, ctx, e.reinstateUser, {}, async (request) =>
    operator.reinstate(request.userId!, request.params.id, request.body.reason),
  );

  declareRoute(app, ctx, e.reports, {}, async (request) => {
    const { status, page, size } = request.query;
    return operator.listReports(status, page, size);
  });

  declareRoute(app, ctx, e.resolveReport, {}, async (request) =>
    operator.resolveReport(request.userId!, request.params.id, request.body.action, request.body.note),
  );

  declareRoute(app, ctx, e.takedownProduct, {}, async (request) =>
    operator.takeDown(request.userId!, request.params.id, request.body.reason),
  );

  declareRoute(app, ctx, e.audit, {}, async (request) => {
    const { page, size } = request.query;
    return operator.audit(page, size);
  });

  declareRoute(app, ctx, reportsEndpoints.create, { bodyLimit: bodyLimits.small }, async (request, reply) =>
    reply.status(201).send(await operator.report(request.userId!, request.body)),
  );

  // The link's token is 256 random bits; the per-address limit keeps the page from being hammered.
  declareRoute(app, ctx, invitationsEndpoints.get, { config: perAddress(limits.login) }, async (request) =>
    operator.invitation(request.params.token),
  );

  declareRoute(
    app,
    ctx,
    invitationsEndpoints.accept,
    { bodyLimit: bodyLimits.small, config: perAddress(limits.login) },
    async (request) => operator.acceptInvitation(request.params.token, request.body),
  );

  return operator;
}
