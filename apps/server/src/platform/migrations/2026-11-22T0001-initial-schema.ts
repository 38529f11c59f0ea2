import { type Kysely, sql } from 'kysely';

// Money columns are integer centavos (bigint). Times are timestamptz written from the server clock.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;
    create extension if not exists unaccent;

    create table users (
      id integer generated always as identity primary key,
      email text not null,
      username text not null,
      password_hash text not null,
      name text,
      last_name text,
      phone text,
      address text,
      bio text,
      avatar text,
      birth_date date,
      is_seller boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create unique index users_email_key on users (lower(email));
    create unique index users_username_key on users (lower(username));

    create table login_attempts (
      id integer generated always as identity primary key,
      email text not null,
      ip text not null,
      attempted_at timestamptz not null
    );
    create index login_attempts_email_idx on login_attempts (email, attempted_at);

    create table categories (
      id integer generated always as identity primary key,
      name text not null unique,
      icon text not null
    );
    create table brands (
      id integer generated always as identity primary key,
      category_id integer not null references categories(id),
      name text not null,
      unique (category_id, name)
    );
    create index brands_category_id_idx on brands (category_id);
    create table scales (
      id integer generated always as identity primary key,
      name text not null unique
    );

    create table images (
      id uuid primary key,
      full_data bytea not null,
      thumb_data bytea not null,
      content_type text not null,
      width integer not null,
      height integer not null,
      created_at timestamptz not null
    );

    create table auctions (
      id integer generated always as identity primary key,
      owner_id integer not null references users(id),
      title text not null,
      status text not null default 'upcoming' check (status in ('upcoming','active','ended','cancelled')),
      min_offer bigint not null default 0 check (min_offer >= 0),
      max_offer bigint not null default 0 check (max_offer >= 0),
      is_flash boolean not null default false,
      duration_hours integer not null check (duration_hours between 1 and 168),
      start_time timestamptz,
      end_time timestamptz,
      closed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index auctions_owner_id_idx on auctions (owner_id);
    create index auctions_status_end_time_idx on auctions (status, end_time);
    create index auctions_status_start_time_idx on auctions (status, start_time);

    create table products (
      id integer generated always as identity primary key,
      owner_id integer not null references users(id),
      name text not null,
      description text not null,
      tags text,
      year integer not null,
      image_id uuid references images(id),
      reserve_price bigint not null default 0 check (reserve_price >= 0),
      base_price bigint check (base_price >= 0),
      can_be_bought boolean not null default false,
      sell_price bigint check (sell_price > 0),
      category_id integer not null references categories(id),
      brand_id integer not null references brands(id),
      scale_id integer references scales(id),
      status text not null default 'available'
        check (status in ('available','in_auction','sold','shipped','delivered','cancelled')),
      auction_id integer references auctions(id),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (not can_be_bought or sell_price is not null)
    );
    create index products_owner_id_idx on products (owner_id);
    create index products_category_id_idx on products (category_id);
    create index products_brand_id_idx on products (brand_id);
    create index products_scale_id_idx on products (scale_id);
    create index products_image_id_idx on products (image_id);
    create index products_auction_id_idx on products (auction_id);
    create index products_buyable_idx on products (created_at desc) where can_be_bought and status = 'available';

    create table auction_products (
      auction_id integer not null references auctions(id),
      product_id integer not null references products(id),
      highest_bid bigint,
      highest_bidder_id integer references users(id),
      bid_count integer not null default 0,
      outcome text,
      primary key (auction_id, product_id)
    );
    create index auction_products_product_id_idx on auction_products (product_id);
    create index auction_products_highest_bidder_id_idx on auction_products (highest_bidder_id);

    create table bids (
      id integer generated always as identity primary key,
      auction_id integer not null references auctions(id),
      product_id integer not null references products(id),
      user_id integer not null references users(id),
      amount bigint not null check (amount > 0),
      created_at timestamptz not null,
      -- Two accepted bids on one product can never share an amount.
      constraint bids_auction_product_amount_key unique (auction_id, product_id, amount)
    );
    create index bids_product_id_idx on bids (product_id);
    create index bids_user_id_idx on bids (user_id);

    create table notifications (
      id integer generated always as identity primary key,
      user_id integer not null references users(id),
      type text not null,
      title text not null,
      message text not null,
      link text,
      is_read boolean not null default false,
      is_system boolean not null default false,
      created_at timestamptz not null
    );
    create index notifications_user_id_idx on notifications (user_id, created_at desc);
    create index notifications_unread_idx on notifications (user_id) where not is_read;

    create table banks (
      id integer generated always as identity primary key,
      name text not null unique
    );
    create table document_types (
      id integer generated always as identity primary key,
      code text not null unique,
      label text not null
    );
    create table seller_bank_accounts (
      id integer generated always as identity primary key,
      seller_id integer not null unique references users(id),
      bank_id integer not null references banks(id),
      account_number text not null,
      account_type text not null check (account_type in ('ahorro','corriente')),
      account_name text not null,
      account_document_type text not null,
      account_document_number text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index seller_bank_accounts_bank_id_idx on seller_bank_accounts (bank_id);

    create table shipping_addresses (
      id integer generated always as identity primary key,
      user_id integer not null references users(id),
      address text not null,
      city text not null,
      state text not null,
      country text not null,
      postal_code text not null,
      is_default boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index shipping_addresses_user_id_idx on shipping_addresses (user_id);
    -- At most one default per user; the service keeps exactly one once any exists.
    create unique index shipping_addresses_one_default_idx on shipping_addresses (user_id) where is_default;

    create table payments (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('auction','buy_now')),
      auction_id integer references auctions(id),
      product_id integer not null references products(id),
      buyer_id integer not null references users(id),
      seller_id integer not null references users(id),
      amount bigint not null check (amount > 0),
      currency text not null default 'COP',
      status text not null default 'pending'
        check (status in ('pending','processing','confirmed','rejected','expired','cancelled')),
      provider text not null,
      payment_link text,
      link_id text,
      link_expires_at timestamptz,
      provider_tx_id text,
      expires_at timestamptz,
      confirmed_at timestamptz,
      shipping_address jsonb,
      shipping_status text not null default 'pending',
      shipped_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index payments_buyer_id_idx on payments (buyer_id, created_at desc);
    create index payments_seller_id_idx on payments (seller_id, created_at desc);
    create index payments_product_id_idx on payments (product_id);
    create index payments_auction_id_idx on payments (auction_id);
    create index payments_pending_expiry_idx on payments (expires_at) where status = 'pending';
    create unique index payments_link_id_key on payments (link_id) where link_id is not null;
    -- A product is sold at most once.
    create unique index payments_one_confirmed_per_product_idx on payments (product_id) where status = 'confirmed';
    -- One won-auction item per product and auction.
    create unique index payments_auction_product_key on payments (auction_id, product_id) where kind = 'auction';

    create table payment_events (
      id integer generated always as identity primary key,
      payment_id uuid references payments(id),
      event_key text not null unique,
      type text not null,
      payload jsonb not null,
      received_at timestamptz not null
    );
    create index payment_events_payment_id_idx on payment_events (payment_id);

    create table payouts (
      id uuid primary key default gen_random_uuid(),
      seller_id integer not null references users(id),
      payment_id uuid not null unique references payments(id),
      product_id integer not null references products(id),
      product_amount bigint not null,
      commission_amount bigint not null,
      payment_processor_fee bigint not null default 0,
      payable_amount bigint not null,
      currency text not null default 'COP',
      status text not null default 'pending',
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index payouts_seller_id_idx on payouts (seller_id, created_at desc);
    create index payouts_product_id_idx on payouts (product_id);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The initial schema is not reversible.');
}
