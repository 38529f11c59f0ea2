import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/**
 * How alike two names must be (pg_trgm `similarity` of the normalized names, 0-1) for a sale to
 * count as one of a similar product: 'Chevrolet Camaro 1969' and 'Camaro 1969 Hot Wheels' do,
 * 'Chevrolet Camaro 1969' and 'Ferrari F40' do not.
 */
const SOLD_NAME_SIMILARITY = 0.3;

export interface SoldTarget {
  id: number;
  category_id: number;
  brand_id: number;
  scale_id: number | null;
  taken_down_at: Date | string | null;
  /** The name as product_search keeps it, normalized (lower case, no accents). */
  search_name: string;
}

export interface SoldRow {
  name: string;
  image_id: string | null;
  amount: string | number;
  sold_at: Date | string;
  kind: 'auction' | 'buy_now';
}

export interface SoldStatsRow {
  count: string | number;
  median: string | number | null;
  min: string | number | null;
  max: string | number | null;
}

export const soldRepository = {
  async findTarget(db: Database, id: number): Promise<SoldTarget | undefined> {
    return db
      .selectFrom('products as p')
      .innerJoin('product_search as ps', 'ps.product_id', 'p.id')
      .select(['p.id', 'p.category_id', 'p.brand_id', 'p.scale_id', 'p.taken_down_at', 'ps.search_name'])
      .where('p.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Paid sales of products like `target` between `since` and `until`, in one pass: the newest
   * `limit` (newest first) and the count, median, lowest and highest price (centavos) over all of
   * them. A sale is paid when its payment is confirmed (auction wins and buy-now purchases alike);
   * the product itself and taken-down products never count, nor sales refunded (a refund asked
   * for or done) or between a seller and a bidder an operator confirmed as one party (a price
   * nobody can pump with a second account). The category and brand narrow the
   * rows through their indexes before the names, normalized once in product_search, are compared
   * on the few left.
   */
  async sold(
    db: Database,
    target: SoldTarget,
    since: Date,
    until: Date,
    limit: number,
  ): Promise<{ sales: SoldRow[]; stats: SoldStatsRow }> {
    const { rows } = await sql<SoldStatsRow & { sales: SoldRow[] }>`
      with matched as materialized (
        select pay.id, p.name, p.image_id, pay.amount, pay.confirmed_at, pay.kind
        from payments pay
        join products p on p.id = pay.product_id
        join product_search ps on ps.product_id = p.id
        where pay.status = 'confirmed'
          and pay.confirmed_at > ${since} and pay.confirmed_at <= ${until}
          and p.category_id = ${target.category_id} and p.brand_id = ${target.brand_id}
          ${target.scale_id === null ? sql`` : sql`and p.scale_id = ${target.scale_id}`}
          and p.id <> ${target.id} and p.taken_down_at is null
          and not exists (select 1 from refunds r where r.payment_id = pay.id and r.status <> 'failed')
          and not exists (select 1 from confirmed_pairs cp
                           where cp.seller_id = pay.seller_id and cp.bidder_id = pay.buyer_id)
          and similarity(ps.search_name, ${target.search_name}) >= ${SOLD_NAME_SIMILARITY}
      )
      select count(*) as count,
             percentile_cont(0.5) within group (order by amount) as median,
             min(amount) as min, max(amount) as max,
             (select coalesce(json_agg(json_build_object('name', n.name, 'image_id', n.image_id,
                                                         'amount', n.amount, 'sold_at', n.confirmed_at,
                                                         'kind', n.kind)
                                       order by n.confirmed_at desc, n.id desc), '[]')
                from (select * from matched order by confirmed_at desc, id desc limit ${limit}) n) as sales
      from matched
    `.execute(db);
    const { sales, ...stats } = rows[0]!;
    return { sales, stats };
  },
};
