import type { AdminAuditResponse, AdminReport, AdminUser } from '@app/contracts';
import { productLink, questionLabel } from '../questions/questions.service.ts';
import type { operatorRepository as repo } from './operator.repository.ts';

type ReportRow = Awaited<ReturnType<typeof repo.listReports>>['rows'][number];
type AuditRow = Awaited<ReturnType<typeof repo.listAudit>>['rows'][number];

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

export const profileLink = (username: string) => `/public-profile/${encodeURIComponent(username)}`;

type AdminUserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserForAdmin>>>;

/** An account as the operators' list shows it, with its unpaid strikes that still count. */
export function toAdminUser(row: AdminUserRow, unpaidStrikes: number): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    is_seller: row.is_seller,
    is_operator: row.is_operator,
    status: row.suspended_at ? 'suspended' : 'active',
    has_password: row.password_hash !== '',
    created_at: row.created_at.toISOString(),
    suspended_at: iso(row.suspended_at),
    suspension_reason: row.suspension_reason,
    sales_count: Number(row.sales_count ?? 0),
    purchases_count: Number(row.purchases_count ?? 0),
    unpaid_strikes: unpaidStrikes,
  };
}

/** A report as listed, its target named from the row itself (no query per report). */
export function toAdminReport(row: ReportRow): AdminReport {
  let name: string | null = null;
  let link: string | null = null;
  if (row.target_type === 'product' && row.product_name !== null && row.product_status !== null) {
    name = row.product_name;
    link = productLink(row.target_id, row.product_status);
  } else if (row.target_type === 'user' && row.target_username !== null) {
    name = row.target_username;
    link = profileLink(row.target_username);
  } else if (
    row.target_type === 'question' &&
    row.question_text !== null &&
    row.question_product_id !== null &&
    row.question_product_status !== null
  ) {
    name = questionLabel(row.question_text);
    link = productLink(row.question_product_id, row.question_product_status);
  }
  return {
    id: row.id,
    target_type: row.target_type,
    target_id: row.target_id,
    target_name: name,
    target_link: link,
    reason: row.reason,
    comment: row.comment,
    reporter_username: row.reporter_username,
    status: row.status,
    created_at: row.created_at.toISOString(),
    resolved_at: iso(row.resolved_at),
    resolution: row.resolution,
    resolution_note: row.resolution_note,
    resolved_by_username: row.resolved_by_username,
  };
}

export function toAuditEntry(row: AuditRow): AdminAuditResponse['items'][number] {
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_username: row.actor_username,
    action: row.action as AdminAuditResponse['items'][number]['action'],
    target_type: row.target_type,
    target_id: row.target_id,
    target_label: row.target_label,
    note: row.note,
    created_at: row.created_at.toISOString(),
  };
}
