import { type Kysely, sql } from 'kysely';

/**
 * Public questions on a listing and their one answer by the product's owner, and the askers a
 * seller has blocked. `seller_id` is the product's owner when the question was asked, so the
 * seller's list needs no join to find its rows. A hidden question keeps its row (reports and
 * moderation may still read it) but leaves the product page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table questions (
      id integer generated always as identity primary key,
      product_id integer not null references products(id),
      seller_id integer not null references users(id),
      asker_id integer not null references users(id),
      text text not null check (char_length(text) between 1 and 500),
      created_at timestamptz not null,
      answer_text text check (answer_text is null or char_length(answer_text) between 1 and 1000),
      answered_at timestamptz,
      hidden_at timestamptz,
      check ((answer_text is null) = (answered_at is null))
    );
    create index questions_product_idx on questions (product_id, created_at desc, id desc)
      where hidden_at is null;
    create index questions_seller_idx on questions (seller_id, (answered_at is null), created_at desc, id desc)
      where hidden_at is null;
    create index questions_asker_idx on questions (asker_id);

    create table question_blocks (
      seller_id integer not null references users(id),
      blocked_user_id integer not null references users(id),
      created_at timestamptz not null,
      primary key (seller_id, blocked_user_id)
    );
    create index question_blocks_blocked_idx on question_blocks (blocked_user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists question_blocks; drop table if exists questions`.execute(db);
}
