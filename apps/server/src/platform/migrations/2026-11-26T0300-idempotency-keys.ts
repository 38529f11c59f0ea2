import { type Kysely, sql } from 'kysely';

/**
 * `idempotency_keys`: the first answer to each (user, Idempotency-Key), so a retried request is
 * answered again instead of acting twice. A row is written before the action runs (`completed`
 * false: the claim, which the unique key makes single across processes) and completed with the
 * answer's status and body; `fingerprint` is the route and a hash of the body, so the same key
 * sent with other data is told apart. Rows live 24 hours (pruned by a timed job on `created_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      user_id integer not null references users(id) on delete cascade,
      key varchar(64) not null,
      fingerprint text not null,
      completed boolean not null default false,
      status_code integer,
      response_body text,
      created_at timestamptz not null,
      primary key (user_id, key)
    )
  `.execute(db);
  await sql`create index idempotency_keys_created_at_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
