import { z } from 'zod';
import { idParam, PageMetaSchema, PaginationQuerySchema, requiredText } from '../common/schemas.ts';
import { commonMessages } from '../errors.ts';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../reports/report-reasons.ts';
import { EmailSchema, NewPasswordSchema, newPasswordFields, passwordsMatch } from '../users/user.schemas.ts';
import { adminMessages } from './admin.messages.ts';

// The lists live apart from the schemas so pages read them without zod.
export * from '../reports/report-reasons.ts';

/** The most days the business summary covers. */
export const STATS_MAX_DAYS = 366;
/** The calendar the summary's days follow. */
export const STATS_TIME_ZONE = 'America/Bogota';

/** A username: 3 to 30 letters, digits, '_', '.' or '-' (invitations and the command line alike). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;

export const UsernameSchema = z
  .string({ error: adminMessages.usernameRequired })
  .trim()
  .min(1, { error: adminMessages.usernameRequired, abort: true })
  .regex(USERNAME_PATTERN, { error: adminMessages.usernameInvalid });

/** An operator list's page (the audit log's whole query): up to 100 rows, 20 unless asked. */
export const OperatorPageQuerySchema = PaginationQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(100).default(20),
});

// ---------------------------------------------------------------------------------------------
// Invitations

/** POST /api/admin/users: the account is created without a password. */
export const InviteUserInputSchema = z.object({
  email: EmailSchema,
  username: UsernameSchema,
  is_seller: z.boolean({ error: commonMessages.invalidInput }).default(false),
});
export type InviteUserInput = z.infer<typeof InviteUserInputSchema>;

export const InviteUserResponseSchema = z.object({
  message: z.string(),
  user_id: z.number(),
  /** PUBLIC_URL (or the request's origin) + /invite/{token}: good once, for 7 days. */
  invite_url: z.string(),
  expires_at: z.string(),
});
export type InviteUserResponse = z.infer<typeof InviteUserResponseSchema>;

export const InvitationTokenParamsSchema = z.object({ token: z.string().min(1).max(128) });

/** GET /api/invitations/{token}: who the link was made for. */
export const InvitationSchema = z.object({
  email: z.string(),
  username: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST /api/invitations/{token}/accept: the same password rules as change-password. */
export const AcceptInvitationInputSchema = z.object({ new_password: NewPasswordSchema });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInputSchema>;

/** What the invitation page's form validates before sending. */
export const AcceptInvitationFormSchema = z.object(newPasswordFields).refine(...passwordsMatch);
export type AcceptInvitationForm = z.infer<typeof AcceptInvitationFormSchema>;

export const AcceptInvitationResponseSchema = z.object({ message: z.string(), jwt_token: z.string() });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reports

/** POST /api/reports, by any logged-in user: one open report per reporter and target. */
export const CreateReportInputSchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { error: commonMessages.invalidInput }),
  target_id: idParam(),
  reason: z.enum(REPORT_REASONS, { error: adminMessages.reportReasonRequired }),
  comment: z
    .string({ error: commonMessages.invalidInput })
    .trim()
    .max(1000, { error: 'Máximo 1000 caracteres', abort: true })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateReportInput = z.infer<typeof CreateReportInputSchema>;

export const CreateReportResponseSchema = z.object({ id: z.number(), message: z.string() });
export type CreateReportResponse = z.infer<typeof CreateReportResponseSchema>;

export const AdminReportsQuerySchema = OperatorPageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES, { error: commonMessages.invalidInput }).default('open'),
});

export const AdminReportSchema = z.object({
  id: z.number(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  /** The product's name, the username, or the question's text (cut); null when it no longer exists. */
  target_name: z.string().nullable(),
  /** Where the target is seen in the web app (null when it has no page). */
  target_link: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  comment: z.string().nullable(),
  reporter_username: z.string(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  resolution_note: z.string().nullable(),
  resolved_by_username: z.string().nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportsResponseSchema = z.object({
  items: z.array(AdminReportSchema),
  meta: PageMetaSchema,
});
export type AdminReportsResponse = z.infer<typeof AdminReportsResponseSchema>;

export const ResolveReportInputSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: commonMessages.invalidInput }),
  note: requiredText(adminMessages.noteRequired, 1000),
});
export type ResolveReportInput = z.infer<typeof ResolveReportInputSchema>;

export const ResolveReportResponseSchema = z.object({ message: z.string(), report: AdminReportSchema });

// ---------------------------------------------------------------------------------------------
// Takedown, suspension, accounts

export const ReasonInputSchema = z.object({ reason: requiredText(adminMessages.reasonRequired, 1000) });
export type ReasonInput = z.infer<typeof ReasonInputSchema>;

/** Reinstating may carry a note for the audit; an empty body is fine. */
export const ReinstateInputSchema = z.object({
  reason: z
    .string({ error: commonMessages.invalidInput })
    .trim()
    .max(1000, { error: 'Máximo 1000 caracteres', abort: true })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReinstateInput = z.infer<typeof ReinstateInputSchema>;

export const TakedownResponseSchema = z.object({
  message: z.string(),
  product_id: z.number(),
  taken_down_at: z.string(),
});
export type TakedownResponse = z.infer<typeof TakedownResponseSchema>;

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const AdminUsersQuerySchema = OperatorPageQuerySchema.extend({
  /** Part of the username or e-mail (case-insensitive). */
  query: z.string().trim().max(100).optional(),
});

export const AdminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  is_seller: z.boolean(),
  is_operator: z.boolean(),
  status: z.enum(USER_STATUSES),
  /** False for an invited account whose person has not chosen a password yet. */
  has_password: z.boolean(),
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  sales_count: z.number(),
  purchases_count: z.number(),
  /** Won items let expire unpaid in the last 365 days (not cleared): 3 stop bidding and buying. */
  unpaid_strikes: z.number(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z.object({
  items: z.array(AdminUserSchema),
  meta: PageMetaSchema,
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

export const SuspendResponseSchema = z.object({
  message: z.string(),
  user: AdminUserSchema,
  /** Products of the user taken down by the suspension. */
  products_taken_down: z.number(),
});
export type SuspendResponse = z.infer<typeof SuspendResponseSchema>;

export const ReinstateResponseSchema = z.object({ message: z.string(), user: AdminUserSchema });
export type ReinstateResponse = z.infer<typeof ReinstateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Stats

export const AdminStatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: commonMessages.invalidInput })
    .int({ error: commonMessages.invalidInput })
    .min(1, { error: commonMessages.invalidInput })
    .max(STATS_MAX_DAYS, { error: commonMessages.invalidInput })
    .default(30),
});

export const StatsFiguresSchema = z.object({
  /** Sales confirmed (COP). */
  gmv: z.number(),
  orders: z.number(),
  commission: z.number(),
  new_users: z.number(),
  bids: z.number(),
});
export type StatsFigures = z.infer<typeof StatsFiguresSchema>;

/** One calendar day in Bogotá ("YYYY-MM-DD"), oldest first, days with nothing as zeros. */
export const StatsDaySchema = StatsFiguresSchema.extend({ date: z.string() });
export type StatsDay = z.infer<typeof StatsDaySchema>;

export const AdminStatsResponseSchema = z.object({
  days: z.array(StatsDaySchema),
  totals: StatsFiguresSchema,
  active_auctions: z.number(),
  payable_total: z.number(),
  held_total: z.number(),
  open_claims: z.number(),
  open_reports: z.number(),
});
export type AdminStatsResponse = z.infer<typeof AdminStatsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Audit

export const AUDIT_ACTIONS = [
  'invite',
  'mark_paid',
  'takedown',
  'suspend',
  'reinstate',
  'resolve_report',
  'resolve_claim',
  'clear_strikes',
  'confirm_signal',
  'retry_refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntrySchema = z.object({
  id: z.number(),
  actor_id: z.number(),
  actor_username: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** 'user' | 'product' | 'payout' | 'report' | 'claim' | 'refund'. */
  target_type: z.string(),
  /** The target's id, or the ids of a batch separated by commas. */
  target_id: z.string(),
  /** What a person recognises the target by (username, product name, payouts count). */
  target_label: z.string().nullable(),
  /** The reason, note or transfer reference. */
  note: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AdminAuditResponseSchema = z.object({
  items: z.array(AuditEntrySchema),
  meta: PageMetaSchema,
});
export type AdminAuditResponse = z.infer<typeof AdminAuditResponseSchema>;
