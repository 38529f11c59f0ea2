/**
 * What can be reported and why, as plain lists: the report dialog on product pages, profiles and
 * questions reads them without loading the zod schemas that validate a report.
 */
export const REPORT_TARGET_TYPES = ['product', 'user', 'question'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['fraude', 'prohibido', 'contacto', 'ofensivo', 'otro'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_ACTIONS = ['dismiss', 'takedown', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
