import {
  type Bank,
  type BankAccount,
  type BankAccountInput,
  type BankAccountUpdate,
  commonMessages,
  type DocumentTypeOption,
  paymentMessages as messages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { createTwoFactorService } from '../users/two-factor.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { type AccountRow, banksRepository as repo } from './banks.repository.ts';

/** Tells the seller their payout account changed, so a change they did not make gets noticed. */
function bankChangeNotice(userId: number, account: BankAccountInput, created: boolean) {
  const last4 = account.account_number.slice(-4);
  return {
    userId,
    type: 'bank_account_changed' as const,
    title: created ? 'Cuenta bancaria registrada' : 'Cuenta bancaria modificada',
    message: `Tus pagos se enviarán ahora a la cuenta terminada en ${last4}. Si no fuiste tú, cambia tu contraseña de inmediato.`,
    link: '/seller/payments',
  };
}

function toAccountDto(row: AccountRow): BankAccount {
  return {
    id: row.id,
    bank_id: row.bank_id,
    bank_name: row.bank_name,
    account_number: row.account_number,
    account_type: row.account_type,
    account_name: row.account_name,
    account_document_type: row.account_document_type,
    account_document_number: row.account_document_number,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Banks, document types and the seller's single bank account (where payouts go). */
export function createBanksService(ctx: AppContext, users: UsersService) {
  const { db, clock, events } = ctx;
  const twoFactor = createTwoFactorService(ctx, users);
  const accountNotFound = () => notFound('BANK_ACCOUNT_NOT_FOUND', messages.bankAccountNotFound);

  /** The bank and the document type must be ones we list (a select can be tampered with). */
  async function checkReferences(executor: Database, input: BankAccountInput) {
    if (!(await repo.bankExists(executor, input.bank_id)))
      throw fieldError('UNKNOWN_BANK', 'bank_id', messages.bankRequired);
    if (!(await repo.documentTypeExists(executor, input.account_document_type))) {
      throw fieldError('UNKNOWN_DOCUMENT_TYPE', 'account_document_type', messages.documentTypeRequired);
    }
  }

  return {
    async listBanks(): Promise<Bank[]> {
      return repo.listBanks(db);
    },

    async listDocumentTypes(): Promise<DocumentTypeOption[]> {
      const rows = await repo.listDocumentTypes(db);
      return rows.map((r) => ({ id: r.id, value: r.code, label: r.label, name: r.label }));
    },

    /** The seller's account; 404 when there is none (the page treats it as none). */
    async getOwnAccount(sellerId: number): Promise<BankAccount> {
      const row = await repo.findBySeller(db, sellerId);
      if (!row) throw accountNotFound();
      return toAccountDto(row);
    },

    /** Sellers only; a second account is a 409 with the exact Spanish message. */
    async createAccount(userId: number, input: BankAccountInput): Promise<BankAccount> {
      if (!(await repo.isSeller(db, userId))) throw forbidden('SELLER_ONLY', commonMessages.sellerOnly);
      const now = clock.now();
      try {
        const { id, notices } = await db.transaction().execute(async (trx) => {
          await repo.lockUser(trx, userId);
          if (await repo.findBySeller(trx, userId))
            throw conflict('ONE_ACCOUNT_ONLY', messages.oneAccountOnly);
          await checkReferences(trx, input);
          const id = await repo.insert(trx, userId, input, now);
          return {
            id,
            notices: await createNotifications(trx, [bankChangeNotice(userId, input, true)], now),
          };
        });
        await publishNotifications(events, notices);
        return toAccountDto((await repo.findOwned(db, userId, id))!);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('ONE_ACCOUNT_ONLY', messages.oneAccountOnly);
        throw error;
      }
    },

    /** Only the owner edits their account; anyone else's id is a 404. */
    async updateAccount(userId: number, id: number, input: BankAccountUpdate): Promise<BankAccount> {
      const { current_password, code, ...account } = input;
      // Another user's id is a 404 before any password is weighed.
      if (!(await repo.findOwned(db, userId, id))) throw accountNotFound();
      await users.assertCurrentPassword(userId, current_password);
      // Payouts go here: with two-step verification on, a stolen password and session are not enough.
      await twoFactor.assertSecondFactor(userId, code);
      const now = clock.now();
      const notices = await db.transaction().execute(async (trx) => {
        const current = await repo.findOwned(trx, userId, id);
        if (!current) throw accountNotFound();
        await checkReferences(trx, input);
        await repo.update(trx, id, account, now);
        return createNotifications(trx, [bankChangeNotice(userId, input, false)], now);
      });
      await publishNotifications(events, notices);
      return toAccountDto((await repo.findOwned(db, userId, id))!);
    },
  };
}

/** An erased seller's bank accounts go with them (payouts keep their own copy of the account). */
export async function forgetBankAccounts(trx: Database, sellerId: number): Promise<void> {
  await trx.deleteFrom('seller_bank_accounts').where('seller_id', '=', sellerId).execute();
}
