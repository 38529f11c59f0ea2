import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export interface ReputationCounts {
  sales: number;
  claims: number;
  late: number;
  cancelled: number;
}

/**
 * A seller's sales (payments confirmed) since `longSince`, counted in one pass over the index on
 * (seller, confirmed time), for the short window (since `shortSince`) and the long one: how many
 * had a claim opened (whatever its outcome), shipped later than `lateAfterMs` after payment (or
 * are still unshipped past it), and were refunded (a refund asked for or done).
 */
export async function reputationCounts(
  db: Database,
  sellerId: number,
  windows: { shortSince: Date; longSince: Date; now: Date; lateAfterMs: number },
): Promise<{ short: ReputationCounts; long: ReputationCounts }> {
  const late = `${Math.round(windows.lateAfterMs / 1000)} seconds`;
  const { rows } = await sql<Record<string, string | number>>`
    with s as (
      select p.confirmed_at,
             exists (select 1 from claims c where c.payment_id = p.id) as claimed,
             coalesce(p.shipped_at, ${windows.now}) > p.confirmed_at + ${late}::interval as late,
             exists (select 1 from refunds r where r.payment_id = p.id and r.status <> 'failed') as cancelled
        from payments p
       where p.seller_id = ${sellerId}
         and p.confirmed_at is not null
         and p.confirmed_at > ${windows.longSince}
    )
    select count(*) as long_sales,
           count(*) filter (where claimed) as long_claims,
           count(*) filter (where late) as long_late,
           count(*) filter (where cancelled) as long_cancelled,
           count(*) filter (where confirmed_at > ${windows.shortSince}) as short_sales,
           count(*) filter (where confirmed_at > ${windows.shortSince} and claimed) as short_claims,
           count(*) filter (where confirmed_at > ${windows.shortSince} and late) as short_late,
           count(*) filter (where confirmed_at > ${windows.shortSince} and cancelled) as short_cancelled
      from s
  `.execute(db);
  const row = rows[0]!;
  const pick = (prefix: string): ReputationCounts => ({
    sales: Number(row[`${prefix}_sales`]),
    claims: Number(row[`${prefix}_claims`]),
    late: Number(row[`${prefix}_late`]),
    cancelled: Number(row[`${prefix}_cancelled`]),
  });
  return { short: pick('short'), long: pick('long') };
}
