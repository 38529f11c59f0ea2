import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/**
 * How alike two names must be (pg_trgm `similarity` of the normalized names, 0-1) for a sale to
 * count as one of a similar product: 'Chevrolet Camaro 1969' and 'Camaro 1969 Hot Wheels' do,
 * 'Chevrolet Camaro 1969' and 'Ferrari F40' do not.
 */
export const SOLD_NAME_SIMILARITY = 0.3;

export interface SoldTarget {
  id: number;
  name: string;
  category_id: number;
  brand_id: number;
  scale_id: number | null;
  taken_down_at: Date | string | null;
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

/**
 * Paid sales of products like `target` between `since` and `until`. A sale is paid when its
 * payment is confirmed (auction wins and buy-now purchases alike); the product itself and
 * taken-down products never count. The category and brand narrow the rows through their indexes
 * before the name comparison runs on the few left.
 */
function matches(target: SoldTarget, since: Date, until: Date) {
  return sql`
    from payments pay
    join products p on p.id = pay.product_id
    where pay.status = 'confirmed'
      and pay.confirmed_at > ${since} and pay.confirmed_at <= ${until}
      and p.category_id = ${target.category_id} and p.brand_id = ${target.brand_id}
      ${target.scale_id === null ? sql`` : sql`and p.scale_id = ${target.scale_id}`}
      and p.id <> ${target.id} and p.taken_down_at is null
      and similarity(search_normalize(p.name), search_normalize(${target.name})) >= ${SOLD_NAME_SIMILARITY}`;
}

export const soldRepository = {
  async findTarget(db: Database, id: number): Promise<SoldTarget | undefined> {
    return db
      .selectFrom('products')
      .select(['id', 'name', 'category_id', 'brand_id', 'scale_id', 'taken_down_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The newest `limit` matching sales, newest first. */
  async sales(db: Database, target: SoldTarget, since: Date, until: Date, limit: number): Promise<SoldRow[]> {
    const { rows } = await sql<SoldRow>`
      select p.name, p.image_id, pay.amount, pay.confirmed_at as sold_at, pay.kind
      ${matches(target, since, until)}
      order by pay.confirmed_at desc, pay.id desc
      limit ${limit}
    `.execute(db);
    return rows;
  },

  /** Count, median, lowest and highest price (centavos) over every matching sale. */
  async stats(db: Database, target: SoldTarget, since: Date, until: Date): Promise<SoldStatsRow> {
    const { rows } = await sql<SoldStatsRow>`
      select count(*) as count,
             percentile_cont(0.5) within group (order by pay.amount) as median,
             min(pay.amount) as min, max(pay.amount) as max
      ${matches(target, since, until)}
    `.execute(db);
    return rows[0]!;
  },
};
