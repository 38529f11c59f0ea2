import type { Database } from '../../platform/db.ts';
import type { PaymentStatus } from '../../platform/db-schema.ts';
import { combinedPaymentsRepository as repo } from './combined-payments.repository.ts';
import { linkDescription } from './payment-links.ts';

/** How the sandbox checkout treats a combined payment's state: like a single payment's. */
const AS_PAYMENT: Record<string, PaymentStatus> = {
  pending: 'pending',
  processing: 'processing',
  confirmed: 'confirmed',
  rejected: 'rejected',
  // Approved but given back: the buyer's charge is settled, the page shows the result.
  refused: 'confirmed',
  expired: 'expired',
  // A newer checkout of its items took over: this link is over, like an expired one.
  superseded: 'expired',
};

/** A combined payment's link as the sandbox checkout shows and settles it. */
export async function sandboxCombinedLink(db: Database, linkId: string) {
  const row = await repo.findByLinkId(db, linkId);
  if (!row) return undefined;
  const items = await repo.productNames(db, await repo.itemIds(db, row.id));
  const names = `${items.length} artículos: ${items.map((i) => i.name).join(', ')}`;
  return {
    id: row.id,
    status: AS_PAYMENT[row.status]!,
    amount: Number(row.amount),
    link_expires_at: row.link_expires_at,
    description: linkDescription({ kind: 'combined', auction_id: null }, names),
  };
}
