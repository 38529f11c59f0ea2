import { z } from 'zod';
import { requiredText } from '../common/schemas.ts';
import { optionalSecondFactorCode } from '../users/two-factor.schemas.ts';
import { userMessages } from '../users/user.schemas.ts';
import { paymentMessages } from './payment.schemas.ts';

/** The seller's bank account: its form, the banks and document types it offers, the saved account. */

export const ACCOUNT_TYPES = ['ahorro', 'corriente'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  ahorro: 'Ahorros',
  corriente: 'Corriente',
};

/** A select's value (number or digits) as a positive id; anything else is "not chosen". */
function selectedId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(2_147_483_647, { error: message, abort: true }),
  );
}

/** Numbers typed into a text field may arrive as JSON numbers; read them as their digits. */
const asText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

/** The bank account form, all fields required. */
export const BankAccountInputSchema = z.object({
  bank_id: selectedId(paymentMessages.bankRequired),
  account_number: z.preprocess(
    asText,
    z
      .string({ error: paymentMessages.accountNumberRequired })
      .trim()
      .min(1, { error: paymentMessages.accountNumberRequired })
      .max(30, { error: paymentMessages.accountNumberTooLong, abort: true })
      .regex(/^\d+$/, { error: paymentMessages.accountNumberDigits }),
  ),
  account_type: z.enum(ACCOUNT_TYPES, { error: paymentMessages.accountTypeRequired }),
  account_name: requiredText(paymentMessages.accountNameRequired, 120),
  account_document_type: requiredText(paymentMessages.documentTypeRequired, 10),
  account_document_number: z.preprocess(
    asText,
    requiredText(paymentMessages.documentNumberRequired, 20).regex(/^[A-Za-z0-9.-]+$/, {
      error: paymentMessages.documentNumberInvalid,
    }),
  ),
});
export type BankAccountInput = z.infer<typeof BankAccountInputSchema>;

/**
 * Changing a registered account asks for the current password too: payouts go to this
 * account, so a stolen session alone must not be able to redirect them. Registering the first
 * one takes the form's fields only (the seller is told either way).
 */
export const BankAccountUpdateSchema = BankAccountInputSchema.extend({
  current_password: z
    .string({ error: userMessages.currentPasswordRequired })
    .min(1, { error: userMessages.currentPasswordRequired })
    .max(200, { error: userMessages.wrongCurrentPassword, abort: true }),
  /** With two-step verification on, a current code too. */
  code: optionalSecondFactorCode,
});
export type BankAccountUpdate = z.infer<typeof BankAccountUpdateSchema>;
/** What the form holds before validation (selects give strings; the password stays empty when registering). */
export type BankAccountFormValues = z.input<typeof BankAccountUpdateSchema>;

export const BankSchema = z.object({ id: z.number(), name: z.string() });
export type Bank = z.infer<typeof BankSchema>;

/** Document type option (id/value/label/name). */
export const DocumentTypeOptionSchema = z.object({
  id: z.number(),
  value: z.string(),
  label: z.string(),
  name: z.string(),
});
export type DocumentTypeOption = z.infer<typeof DocumentTypeOptionSchema>;

export const BankAccountSchema = z.object({
  id: z.number(),
  bank_id: z.number(),
  bank_name: z.string(),
  account_number: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  account_name: z.string(),
  account_document_type: z.string(),
  account_document_number: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const BankAccountSavedSchema = z.object({ message: z.string(), account: BankAccountSchema });
export type BankAccountSaved = z.infer<typeof BankAccountSavedSchema>;
