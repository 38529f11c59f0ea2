import { STATS_TIME_ZONE } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** The calendar the business summary counts days in. */
const TIME_ZONE = STATS_TIME_ZONE;

/** The queries of the business summary (the operator's first page). */
export const statsRepository = {
  /**
   * One row per Bogotá calendar day, the `days` days ending today (by the server clock), with
   * zeros where nothing happened: sales confirmed (GMV, orders, and the commission on them),
   * accounts created and bids placed. Amounts in centavos.
   */
  async dailyFigures(db: Database, now: Date, days: number) {
    const result = await sql<{
      day: string;
      gmv: string;
      orders: string;
      commission: string;
      new_users: string;
      bids: string;
    }>`
      with bounds as (
        select (${now}::timestamptz at time zone ${TIME_ZONE})::date as today
      ), calendar as (
        select (today - g)::date as day from bounds, generate_series(0, ${days}::integer - 1) as g
      ), span as (
        select (min(day)::timestamp at time zone ${TIME_ZONE}) as since,
               ((max(day) + 1)::timestamp at time zone ${TIME_ZONE}) as until
        from calendar
      ), sales as (
        select (pay.confirmed_at at time zone ${TIME_ZONE})::date as day,
               sum(pay.amount) as gmv, count(*) as orders, sum(coalesce(po.commission_amount, 0)) as commission
        from payments pay
        left join payouts po on po.payment_id = pay.id
        cross join span
        where pay.status = 'confirmed' and pay.confirmed_at >= span.since and pay.confirmed_at < span.until
        group by 1
      ), joined as (
        select (u.created_at at time zone ${TIME_ZONE})::date as day, count(*) as n
        from users u cross join span
        where u.created_at >= span.since and u.created_at < span.until
        group by 1
      ), placed as (
        select (b.created_at at time zone ${TIME_ZONE})::date as day, count(*) as n
        from bids b cross join span
        where b.created_at >= span.since and b.created_at < span.until
        group by 1
      )
      select to_char(c.day, 'YYYY-MM-DD') as day,
             coalesce(s.gmv, 0) as gmv, coalesce(s.orders, 0) as orders,
             coalesce(s.commission, 0) as commission,
             coalesce(j.n, 0) as new_users, coalesce(p.n, 0) as bids
      from calendar c
      left join sales s on s.day = c.day
      left join joined j on j.day = c.day
      left join placed p on p.day = c.day
      order by c.day
    `.execute(db);
    return result.rows;
  },

  /** What waits now: running auctions, payouts to pay and held (centavos), open reports. */
  async pending(db: Database) {
    const result = await sql<{
      active_auctions: string;
      payable_total: string;
      held_total: string;
      open_reports: string;
    }>`
      select
        (select count(*) from auctions where status = 'active') as active_auctions,
        (select coalesce(sum(payable_amount), 0) from payouts where status = 'payable') as payable_total,
        (select coalesce(sum(payable_amount), 0) from payouts where status = 'held' and voided_at is null)
          as held_total,
        (select count(*) from reports where status = 'open') as open_reports
    `.execute(db);
    return result.rows[0]!;
  },
};
