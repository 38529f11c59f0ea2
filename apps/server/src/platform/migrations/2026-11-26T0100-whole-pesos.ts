import { type Kysely, sql } from 'kysely';

/**
 * Money is whole pesos, as Bold charges it. Storage stays integer centavos (bigint): every module,
 * report and payout split already speaks centavos, and a payout's commission may still carry
 * centavos (it is a percentage of the sale). What changes is that every amount a person types or
 * the processor charges is now a multiple of 100 centavos, and the database refuses any other.
 *
 * Amounts stored before, when the API took centavos, are rounded to whole pesos:
 *
 * - Prices (reserve, base, sell) and maximum bids (ceilings): to the nearest peso, half up; a sell
 *   price or a ceiling never below 1 peso (both must stay above 0).
 * - Auction increments: the minimum down and the maximum up to whole pesos. The allowed range only
 *   widens, so no bid that was acceptable becomes refused, and a maximum that was above the minimum
 *   stays above it (floor(min) <= min < max <= ceil(max)); a maximum above 0 stays above 0.
 * - Payments and refunds: to the nearest peso, half up: what Bold charged (and what links already
 *   handed out ask for), since the links always asked Bold for the rounded amount.
 * - Payouts not yet paid: the sale amount as the payment (rounded), and the payable amount is that
 *   minus the commission already computed; paid ones stay as they were paid.
 * - Bids: the accepted history of each product in each auction must stay strictly increasing and
 *   free of ties (two bids of 100.40 and 100.45 both round to 100). So each bid, taken in the order
 *   of its amount, becomes the larger of its own rounded amount and one peso above the bid before
 *   it: new(i) = max(round(a(i)), new(i-1) + 1 peso), which unrolls to
 *   new(i) = i + max over j <= i of (round(a(j)) - j), a running maximum (window function).
 *   A product whose bids were all whole pesos is untouched (round(a(j)) - j only grows). A bid
 *   moves up by at most as many pesos as there were centavos bids before it in the same peso, so
 *   the order, the winner and every reserve check stay as they were (rounding is monotone, and
 *   lifting only raises). The race's highest bid follows its top bid. A won item's payment keeps
 *   the amount its link charges (rounded above), which a lifted winning bid may exceed by a peso
 *   or two: the payment is what the buyer is asked to pay, and is what the accounts keep.
 *
 * Then checks: those columns hold whole pesos only, so no path can store centavos again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update products set reserve_price = round(reserve_price / 100.0)::bigint * 100
      where reserve_price % 100 <> 0;
    update products set base_price = round(base_price / 100.0)::bigint * 100
      where base_price % 100 <> 0;
    update products set sell_price = greatest(1, round(sell_price / 100.0)::bigint) * 100
      where sell_price % 100 <> 0;

    update auctions set min_offer = floor(min_offer / 100.0)::bigint * 100
      where min_offer % 100 <> 0;
    update auctions set max_offer = ceil(max_offer / 100.0)::bigint * 100
      where max_offer % 100 <> 0;

    update bid_ceilings set max_amount = greatest(1, round(max_amount / 100.0)::bigint) * 100
      where max_amount % 100 <> 0;

    -- Lifting a bid may pass through an amount another bid of the product holds until its own
    -- turn in the same statement: the no-tie key is checked again once every bid has moved.
    alter table bids drop constraint bids_auction_product_amount_key;
    with ranked as (
      select id, auction_id, product_id,
        row_number() over (partition by auction_id, product_id order by amount, id) as n,
        round(amount / 100.0)::bigint * 100 as rounded
      from bids
      where (auction_id, product_id) in (select auction_id, product_id from bids where amount % 100 <> 0)
    ), lifted as (
      select id,
        n * 100 + max(rounded - n * 100) over (
          partition by auction_id, product_id order by n rows between unbounded preceding and current row
        ) as whole
      from ranked
    )
    update bids set amount = lifted.whole from lifted
      where bids.id = lifted.id and bids.amount <> lifted.whole;
    alter table bids add constraint bids_auction_product_amount_key unique (auction_id, product_id, amount);

    update auction_products ap set highest_bid = top.amount
      from (select auction_id, product_id, max(amount) as amount from bids group by auction_id, product_id) top
      where top.auction_id = ap.auction_id and top.product_id = ap.product_id
        and ap.highest_bid is distinct from top.amount;

    update payments set amount = greatest(1, round(amount / 100.0)::bigint) * 100
      where amount % 100 <> 0;
    update refunds set amount = greatest(1, round(amount / 100.0)::bigint) * 100
      where amount % 100 <> 0;
    update payouts set
        product_amount = greatest(1, round(product_amount / 100.0)::bigint) * 100,
        payable_amount = greatest(1, round(product_amount / 100.0)::bigint) * 100 - commission_amount
      where product_amount % 100 <> 0 and status <> 'paid';

    alter table products add constraint products_whole_pesos_check check (
      reserve_price % 100 = 0 and coalesce(base_price, 0) % 100 = 0 and coalesce(sell_price, 0) % 100 = 0
    );
    alter table auctions add constraint auctions_whole_pesos_check check (
      min_offer % 100 = 0 and max_offer % 100 = 0
    );
    alter table bids add constraint bids_whole_pesos_check check (amount % 100 = 0);
    alter table bid_ceilings add constraint bid_ceilings_whole_pesos_check check (max_amount % 100 = 0);
    alter table auction_products add constraint auction_products_whole_pesos_check check (
      coalesce(highest_bid, 0) % 100 = 0
    );
    alter table payments add constraint payments_whole_pesos_check check (amount % 100 = 0);
    alter table refunds add constraint refunds_whole_pesos_check check (amount % 100 = 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table refunds drop constraint if exists refunds_whole_pesos_check;
    alter table payments drop constraint if exists payments_whole_pesos_check;
    alter table auction_products drop constraint if exists auction_products_whole_pesos_check;
    alter table bid_ceilings drop constraint if exists bid_ceilings_whole_pesos_check;
    alter table bids drop constraint if exists bids_whole_pesos_check;
    alter table auctions drop constraint if exists auctions_whole_pesos_check;
    alter table products drop constraint if exists products_whole_pesos_check;
  `.execute(db);
}
