import { type Kysely, sql } from 'kysely';

/**
 * Change counters for read caches. A cached answer is kept with the counter it was read under
 * and served only while the counter has not moved; triggers move it in the transaction of every
 * write that changes the answer, whoever makes it (a server process, a command-line tool, a
 * test's direct insert), so a read after a commit never sees an older answer.
 *
 * `auction_list`: the public list of running auctions. It moves with an auction (status, times,
 * title), the products an auction holds, and a product's name or image. Bids do not touch these
 * columns, so they never move it; a soft close moves the auction's end, which does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table change_versions (name text primary key, version bigint not null default 0)`.execute(
    db,
  );
  await sql`insert into change_versions (name) values ('auction_list')`.execute(db);
  await sql`
    create function bump_change_version() returns trigger language plpgsql as $$
    begin
      update change_versions set version = version + 1 where name = tg_argv[0];
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger auctions_list_version after insert or update or delete on auctions
    for each statement execute function bump_change_version('auction_list')
  `.execute(db);
  await sql`
    create trigger auction_products_list_version
    after insert or delete or update of auction_id, product_id on auction_products
    for each statement execute function bump_change_version('auction_list')
  `.execute(db);
  await sql`
    create trigger products_list_version after delete or update of name, image_id on products
    for each statement execute function bump_change_version('auction_list')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger products_list_version on products`.execute(db);
  await sql`drop trigger auction_products_list_version on auction_products`.execute(db);
  await sql`drop trigger auctions_list_version on auctions`.execute(db);
  await sql`drop function bump_change_version()`.execute(db);
  await sql`drop table change_versions`.execute(db);
}
