import { type Kysely, sql } from 'kysely';

/**
 * Offers on buy-now products.
 *
 * - `products.accepts_offers` and the owner's private automatic prices (centavos, whole pesos,
 *   below the selling price).
 * - `offers`: one row per offer a buyer made; the seller's counter-offer lives on the same row
 *   (`counter_amount`), so "at most 3 offers per buyer per product" counts rows. `expires_at`
 *   moves with each turn (48 hours to answer).
 * - Payments of kind `offer`: an accepted offer's pending payment, which holds the product like a
 *   buy-now checkout but for a won item's 48-hour window.
 * - `offer` notifications e-mail under the `payment` preference (sales and purchases); the push
 *   trigger reads the same function, so their pushes follow the `payment` push preference. The
 *   function is redefined whole: every earlier mapping stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column accepts_offers boolean not null default false,
      add column auto_accept_price bigint check (auto_accept_price > 0 and auto_accept_price % 100 = 0),
      add column auto_decline_price bigint check (auto_decline_price > 0 and auto_decline_price % 100 = 0);

    alter table payments drop constraint payments_kind_check;
    alter table payments add constraint payments_kind_check check (kind in ('auction','buy_now','offer'));

    create table offers (
      id integer generated always as identity primary key,
      product_id integer not null references products(id) on delete cascade,
      buyer_id integer not null references users(id) on delete cascade,
      seller_id integer not null references users(id) on delete cascade,
      amount bigint not null check (amount > 0 and amount % 100 = 0),
      counter_amount bigint check (counter_amount > 0 and counter_amount % 100 = 0),
      message text check (char_length(message) <= 500),
      status text not null default 'pending'
        check (status in ('pending','countered','accepted','declined','expired')),
      expires_at timestamptz not null,
      payment_id uuid references payments(id),
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index offers_product_buyer_idx on offers (product_id, buyer_id);
    create index offers_buyer_idx on offers (buyer_id, created_at desc, id desc);
    create index offers_seller_idx on offers (seller_id, created_at desc, id desc);
    create index offers_open_expiry_idx on offers (expires_at) where status in ('pending','countered');
    -- One accepted offer per product at a time is decided under the product's lock; this keeps
    -- a payment from ever belonging to two offers.
    create unique index offers_payment_key on offers (payment_id) where payment_id is not null;

    create or replace function mail_preference_of(notification_type text) returns text
    language sql immutable as $$
      select case notification_type
        when 'outbid' then 'outbid'
        when 'auction_won' then 'won'
        when 'payment_confirmed' then 'payment'
        when 'item_sold' then 'payment'
        when 'offer' then 'payment'
        when 'item_shipped' then 'shipping'
        when 'item_delivered' then 'shipping'
        when 'payout_paid' then 'payout'
        when 'ending_soon' then 'ending_soon'
        when 'saved_search_match' then 'saved_search'
        when 'question' then 'questions'
        when 'question_answered' then 'questions'
        when 'claim_opened' then 'claims'
        when 'claim_message' then 'claims'
        when 'claim_resolved' then 'claims'
        else null
      end
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function mail_preference_of(notification_type text) returns text
    language sql immutable as $$
      select case notification_type
        when 'outbid' then 'outbid'
        when 'auction_won' then 'won'
        when 'payment_confirmed' then 'payment'
        when 'item_sold' then 'payment'
        when 'item_shipped' then 'shipping'
        when 'item_delivered' then 'shipping'
        when 'payout_paid' then 'payout'
        when 'ending_soon' then 'ending_soon'
        when 'saved_search_match' then 'saved_search'
        when 'question' then 'questions'
        when 'question_answered' then 'questions'
        when 'claim_opened' then 'claims'
        when 'claim_message' then 'claims'
        when 'claim_resolved' then 'claims'
        else null
      end
    $$;
    drop table offers;
    delete from payments where kind = 'offer';
    alter table payments drop constraint payments_kind_check;
    alter table payments add constraint payments_kind_check check (kind in ('auction','buy_now'));
    alter table products drop column auto_decline_price, drop column auto_accept_price, drop column accepts_offers;
  `.execute(db);
}
