import type { AdminClaimsResponse, Claim, MyClaimsResponse } from '@app/contracts';
import { claimMessages as messages } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { toPesos } from '../../platform/money.ts';
import { claimsRepository as repo } from './claims.repository.ts';

type MessageRow = Awaited<ReturnType<typeof repo.listMessages>>[number];
type UserClaimRow = Awaited<ReturnType<typeof repo.listForUser>>['rows'][number];
type OperatorClaimRow = Awaited<ReturnType<typeof repo.listByStatus>>['rows'][number];
type ListedClaimRow = Pick<
  OperatorClaimRow,
  'id' | 'product_id' | 'product_name' | 'reason' | 'status' | 'opened_at' | 'seller_respond_by'
>;

export const claimNotFound = () => notFound('CLAIM_NOT_FOUND', messages.notFound);

export function toClaimMessage(m: MessageRow): Claim['messages'][number] {
  return {
    author_role: m.author_role,
    username: m.username,
    text: m.text,
    created_at: m.created_at.toISOString(),
  };
}

/** A claim with its conversation, as both parties and operators see it. */
export async function toClaim(d: Database, id: number): Promise<Claim> {
  const row = await repo.findClaim(d, id);
  if (!row) throw claimNotFound();
  const rows = await repo.listMessages(d, id);
  return { ...listedClaim(row), description: row.description, messages: rows.map(toClaimMessage) };
}

/** A claim a user took part in, for the personal-data export (its messages read apart). */
export function toUserClaim(row: UserClaimRow, userId: number) {
  return {
    id: row.id,
    role: row.buyer_id === userId ? ('buyer' as const) : ('seller' as const),
    product_id: row.product_id,
    product_name: row.product_name,
    reason: row.reason,
    description: row.description,
    status: row.status,
    opened_at: row.opened_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

/** What every list of claims shows of one. */
function listedClaim(r: ListedClaimRow) {
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    reason: r.reason,
    status: r.status,
    opened_at: r.opened_at.toISOString(),
    seller_respond_by: r.seller_respond_by.toISOString(),
  };
}

/** A claim in the user's own list, with their part in it and the other party's name. */
export function toMyClaim(r: UserClaimRow, userId: number): MyClaimsResponse['items'][number] {
  const role = r.buyer_id === userId ? ('buyer' as const) : ('seller' as const);
  return {
    ...listedClaim(r),
    role,
    other_username: role === 'buyer' ? r.seller_username : r.buyer_username,
  };
}

/** A claim in the operators' list. */
export function toAdminClaim(r: OperatorClaimRow): AdminClaimsResponse['items'][number] {
  return {
    ...listedClaim(r),
    description: r.description,
    buyer_username: r.buyer_username,
    seller_username: r.seller_username,
    amount: toPesos(Number(r.amount)),
    currency: r.currency,
    escalated_at: r.escalated_at?.toISOString() ?? null,
    resolved_at: r.resolved_at?.toISOString() ?? null,
    resolution_note: r.resolution_note,
  };
}
