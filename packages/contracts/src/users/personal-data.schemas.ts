import { z } from 'zod';
import { ApiErrorBodySchema } from '../errors.ts';
import { ProductImagesSchema } from '../products/product-images.schemas.ts';
import { personalDataMessages } from './personal-data.messages.ts';

/**
 * Personal data (Colombia's habeas data law): a person downloads everything the marketplace
 * holds about them, and deletes their account. Money is in whole pesos like everywhere else.
 */

const Money = z.number();
const When = z.string();

const ShippingAddressExportSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
});

export const PersonalDataExportSchema = z.object({
  exported_at: When,
  profile: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    bio: z.string().nullable(),
    avatar: z.string().nullable(),
    birth_date: z.string().nullable(),
    is_seller: z.boolean(),
    created_at: When,
    updated_at: When,
  }),
  /** Second factors: whether two-step verification is on (never its secret) and the passkeys' names. */
  second_factors: z.object({
    two_factor_enabled_at: When.nullable(),
    recovery_codes_left: z.number(),
    passkeys: z.array(z.object({ name: z.string(), created_at: When, last_used_at: When.nullable() })),
  }),
  addresses: z.array(
    ShippingAddressExportSchema.extend({ id: z.number(), is_default: z.boolean(), created_at: When }),
  ),
  bank_account: z
    .object({
      bank_name: z.string(),
      account_number: z.string(),
      account_type: z.string(),
      account_name: z.string(),
      account_document_type: z.string(),
      account_document_number: z.string(),
      created_at: When,
      updated_at: When,
    })
    .nullable(),
  products: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      description: z.string(),
      status: z.string(),
      reserve_price: Money,
      base_price: Money.nullable(),
      sell_price: Money.nullable(),
      created_at: When,
      /** Every photo of the product, in order (the first is its cover). */
      images: ProductImagesSchema,
    }),
  ),
  auctions: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      status: z.string(),
      min_offer: Money,
      max_offer: Money,
      start_time: When.nullable(),
      end_time: When.nullable(),
      created_at: When,
    }),
  ),
  bids: z.array(
    z.object({
      id: z.number(),
      auction_id: z.number(),
      product_id: z.number(),
      product_name: z.string(),
      amount: Money,
      auto: z.boolean(),
      created_at: When,
    }),
  ),
  max_bids: z.array(
    z.object({
      auction_id: z.number(),
      product_id: z.number(),
      product_name: z.string(),
      max_amount: Money,
      updated_at: When,
    }),
  ),
  purchases: z.array(
    z.object({
      payment_id: z.string(),
      kind: z.string(),
      product_id: z.number(),
      product_name: z.string(),
      seller_username: z.string(),
      amount: Money,
      currency: z.string(),
      status: z.string(),
      shipping_status: z.string(),
      shipping_address: ShippingAddressExportSchema.partial().nullable(),
      created_at: When,
      confirmed_at: When.nullable(),
    }),
  ),
  sales: z.array(
    z.object({
      payment_id: z.string(),
      kind: z.string(),
      product_id: z.number(),
      product_name: z.string(),
      buyer_username: z.string(),
      amount: Money,
      currency: z.string(),
      status: z.string(),
      shipping_status: z.string(),
      created_at: When,
      confirmed_at: When.nullable(),
    }),
  ),
  payouts: z.array(
    z.object({
      id: z.string(),
      payment_id: z.string(),
      product_id: z.number(),
      product_amount: Money,
      commission_amount: Money,
      payment_processor_fee: Money,
      payable_amount: Money,
      currency: z.string(),
      status: z.string(),
      created_at: When,
    }),
  ),
  ratings_given: z.array(
    z.object({
      product_id: z.number(),
      seller_username: z.string(),
      score: z.number(),
      comment: z.string().nullable(),
      created_at: When,
    }),
  ),
  ratings_received: z.array(
    z.object({
      product_id: z.number(),
      buyer_username: z.string(),
      score: z.number(),
      comment: z.string().nullable(),
      created_at: When,
    }),
  ),
  watchlist: z.array(z.object({ product_id: z.number(), product_name: z.string(), created_at: When })),
  /** The sellers the account follows, by username (filled in by the follows module). */
  following: z.array(z.object({ username: z.string(), followed_at: When })),
  notifications: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      title: z.string(),
      message: z.string(),
      link: z.string().nullable(),
      is_read: z.boolean(),
      created_at: When,
    }),
  ),
  /** Questions asked and answered (filled in by the questions module). */
  questions: z.array(z.record(z.string(), z.unknown())),
  /** Claims opened or received (filled in by the claims module). */
  claims: z.array(z.record(z.string(), z.unknown())),
  /** Saved Explorar views: name and filters (filled in by the saved-searches module). */
  saved_searches: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      filters: z.record(z.string(), z.unknown()),
      created_at: When,
    }),
  ),
  /**
   * Client (IP) addresses the account logged in, listed or bid from, kept 30 days after their
   * last use to spot one person bidding up their own lots (filled in by the trust module).
   */
  client_addresses: z.array(
    z.object({ kind: z.string(), address: z.string(), first_seen_at: When, last_seen_at: When }),
  ),
  /** Won items let expire unpaid, and the buyers this account blocked as a seller. */
  unpaid_strikes: z.array(z.record(z.string(), z.unknown())),
  blocked_buyers: z.array(z.object({ username: z.string(), blocked_at: When })),
  /** What happened to the account's access: resets, e-mail changes, second factors. */
  security_events: z.array(z.object({ kind: z.string(), created_at: When })),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;

/** What keeps an account from being deleted: each open thing, named so the person finds it. */
export const OpenItemTypeSchema = z.enum([
  'auction',
  'leading_bid',
  'unpaid_item',
  'unshipped_sale',
  'undelivered_purchase',
  'payout',
  'claim',
]);
export type OpenItemType = z.infer<typeof OpenItemTypeSchema>;
export const OpenItemSchema = z.object({
  type: OpenItemTypeSchema,
  id: z.union([z.number(), z.string()]),
  name: z.string(),
});
export type OpenItem = z.infer<typeof OpenItemSchema>;

export const AccountDeletionRefusedSchema = ApiErrorBodySchema.extend({
  code: z.literal('ACCOUNT_HAS_OPEN_ITEMS'),
  open: z.array(OpenItemSchema),
});
export type AccountDeletionRefused = z.infer<typeof AccountDeletionRefusedSchema>;

export const DeleteAccountInputSchema = z.object({
  password: z
    .string({ error: personalDataMessages.passwordRequired })
    .min(1, { error: personalDataMessages.passwordRequired })
    .max(200, { error: personalDataMessages.wrongPassword }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;
