import { BankAccountInputSchema, IdParamSchema, paymentMessages as messages } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { notFound, parseInput } from '../../platform/errors.ts';
import { limits, perAccount } from '../../platform/rate-limits.ts';
import type { UsersService } from '../users/users.service.ts';
import { createBanksService } from './banks.service.ts';

/** Banks, document types and the seller's bank account (spec 2 section 7). */
export async function banksRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const banks = createBanksService(ctx, users);
  const requireUser = { onRequest: ctx.auth.requireUser };
  const bankChange = { ...requireUser, config: perAccount(limits.bankAccountChange) };

  app.get('/api/banks/list', requireUser, async () => banks.listBanks());
  app.get('/api/banks/document_types', requireUser, async () => banks.listDocumentTypes());

  app.post('/api/sellers-banks/create', bankChange, async (request, reply) => {
    const input = parseInput(BankAccountInputSchema, request.body);
    const account = await banks.createAccount(request.userId!, input);
    reply.status(201);
    return { message: messages.bankAccountCreated, account };
  });

  const own = async (request: FastifyRequest) => banks.getOwnAccount(request.userId!);
  app.get('/api/sellers-banks/get_by_seller_id/', requireUser, own);
  app.get('/api/sellers-banks/get_by_seller_id', requireUser, own);

  app.put('/api/sellers-banks/update/:id', bankChange, async (request) => {
    const params = IdParamSchema.safeParse(request.params);
    if (!params.success) throw notFound('BANK_ACCOUNT_NOT_FOUND', messages.bankAccountNotFound);
    const input = parseInput(BankAccountInputSchema, request.body);
    const account = await banks.updateAccount(request.userId!, params.data.id, input);
    return { message: messages.bankAccountUpdated, account };
  });
}
