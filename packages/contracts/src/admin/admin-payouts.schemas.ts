import { z } from 'zod';
import { PageMetaSchema, requiredText } from '../common/schemas.ts';
import { commonMessages } from '../errors.ts';
import { adminMessages } from './admin.messages.ts';
import { OperatorPageQuerySchema } from './admin.schemas.ts';

/** The operators' payouts: the list, its CSV export and marking a bank batch paid. */

/** The most payouts one mark-paid call settles (one bank batch). */
export const MARK_PAID_MAX = 200;

/** A payout is held until delivery and the claim window, then payable, then paid by an operator. */
export const ADMIN_PAYOUT_STATUSES = ['held', 'payable', 'paid', 'cancelled'] as const;
export type AdminPayoutStatus = (typeof ADMIN_PAYOUT_STATUSES)[number];

export const AdminPayoutsQuerySchema = OperatorPageQuerySchema.extend({
  /** Left out: every payout. */
  status: z.enum(ADMIN_PAYOUT_STATUSES, { error: commonMessages.invalidInput }).optional(),
});

export const AdminPayoutsExportQuerySchema = z.object({
  status: z.enum(ADMIN_PAYOUT_STATUSES, { error: commonMessages.invalidInput }).default('payable'),
});

/** The seller's payout account, as the bank's batch transfer needs it. */
export const PayoutBankSchema = z.object({
  bank_name: z.string(),
  account_type: z.string(),
  account_number: z.string(),
  holder_name: z.string(),
  document_type: z.string(),
  document_number: z.string(),
});
export type PayoutBank = z.infer<typeof PayoutBankSchema>;

export const AdminPayoutSchema = z.object({
  id: z.string(),
  seller_id: z.number(),
  seller_username: z.string(),
  seller_email: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  /** The sale's amount, COP. */
  amount: z.number(),
  commission: z.number(),
  payable_amount: z.number(),
  status: z.enum(ADMIN_PAYOUT_STATUSES),
  /** When it became payable (null while held). */
  payable_since: z.string().nullable(),
  paid_at: z.string().nullable(),
  reference: z.string().nullable(),
  /** Null when the seller has no bank account registered (it cannot be paid). */
  bank: PayoutBankSchema.nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;

export const AdminPayoutsResponseSchema = z.object({
  items: z.array(AdminPayoutSchema),
  meta: PageMetaSchema,
});
export type AdminPayoutsResponse = z.infer<typeof AdminPayoutsResponseSchema>;

/** The CSV export's columns, in order (header row = these names). */
export const PAYOUT_CSV_COLUMNS = [
  'id',
  'seller_username',
  'seller_email',
  'product_id',
  'product_name',
  'amount',
  'commission',
  'payable_amount',
  'status',
  'payable_since',
  'paid_at',
  'reference',
  'bank_name',
  'account_type',
  'account_number',
  'holder_name',
  'document_type',
  'document_number',
] as const;

export const MarkPaidInputSchema = z.object({
  payout_ids: z
    .array(z.string({ error: commonMessages.invalidInput }).trim().min(1).max(64), {
      error: adminMessages.payoutIdsRequired,
    })
    .min(1, { error: adminMessages.payoutIdsRequired })
    .max(MARK_PAID_MAX, { error: adminMessages.payoutIdsTooMany }),
  reference: requiredText(adminMessages.referenceRequired, 100),
});
export type MarkPaidInput = z.infer<typeof MarkPaidInputSchema>;

export const MarkPaidResponseSchema = z.object({
  message: z.string(),
  paid_at: z.string(),
  reference: z.string(),
  payouts: z.array(AdminPayoutSchema),
});
export type MarkPaidResponse = z.infer<typeof MarkPaidResponseSchema>;
