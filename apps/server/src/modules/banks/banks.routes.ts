import { banksEndpoints as endpoints, IdParamSchema, paymentMessages as messages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { limits, perAccount } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import type { UsersService } from '../users/users.service.ts';
import { createBanksService } from './banks.service.ts';

/** Banks, document types and the seller's bank account. */
export async function banksRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const banks = createBanksService(ctx, users);
  const bankChange = { config: perAccount(limits.bankAccountChange) };

  declareRoute(app, ctx, endpoints.list, {}, async () => banks.listBanks());
  declareRoute(app, ctx, endpoints.documentTypes, {}, async () => banks.listDocumentTypes());

  declareRoute(app, ctx, endpoints.createAccount, bankChange, async (request, reply) => {
    const account = await banks.createAccount(request.userId!, request.body);
    return reply.status(201).send({ message: messages.bankAccountCreated, account });
  });

  declareRoute(app, ctx, endpoints.ownAccountSlash, {}, async (request) =>
    banks.getOwnAccount(request.userId!),
  );
  declareRoute(app, ctx, endpoints.ownAccount, {}, async (request) => banks.getOwnAccount(request.userId!));

  declareRoute(app, ctx, endpoints.updateAccount, bankChange, async (request) => {
    const params = IdParamSchema.safeParse(request.params);
    if (!params.success) throw notFound('BANK_ACCOUNT_NOT_FOUND', messages.bankAccountNotFound);
    const account = await banks.updateAccount(request.userId!, params.data.id, request.body);
    return { message: messages.bankAccountUpdated, account };
  });
}
