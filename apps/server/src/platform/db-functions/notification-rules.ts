import type { EmailPreferenceType, NotificationType } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../db.ts';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** What a notification of one type sends besides itself. */
interface NotificationRule {
  /**
   * The preference that turns its e-mail and its push off (the same key on both channels); null:
   * no e-mail, and a push nobody can turn off.
   */
  preference: EmailPreferenceType | null;
  /** At most one e-mail per user and page (the notice's link) within this many seconds. */
  throttleSeconds?: number;
  /** Gathered into one e-mail (a digest), sent at most once per this many seconds. */
  digestSeconds?: number;
}

/**
 * The rules of every notification type, written once here and handed to the database as data:
 * `writeNotificationRules` copies them into the `notification_rules` table after every migration
 * run, and the e-mail and push triggers read a type's row by its key (mail_enqueue_notification,
 * mail_preference_of). A type added to `NotificationType` without its rule fails the typecheck.
 */
export const notificationRules = {
  outbid: { preference: 'outbid', throttleSeconds: 30 * MINUTE },
  auction_won: { preference: 'won' },
  auction_started: { preference: null },
  auction_ended: { preference: null },
  item_sold: { preference: 'payment' },
  payment_confirmed: { preference: 'payment' },
  item_shipped: { preference: 'shipping' },
  bank_account_changed: { preference: null },
  item_delivered: { preference: 'shipping' },
  second_chance: { preference: null },
  payment_expired: { preference: null },
  payment_refunded: { preference: null },
  payment_voided: { preference: null },
  ending_soon: { preference: 'ending_soon' },
  question: { preference: 'questions' },
  question_answered: { preference: 'questions' },
  payout_paid: { preference: 'payout' },
  product_taken_down: { preference: null },
  claim_opened: { preference: 'claims' },
  claim_message: { preference: 'claims' },
  claim_resolved: { preference: 'claims' },
  saved_search_match: { preference: 'saved_search', digestSeconds: DAY },
  security: { preference: null },
  offer: { preference: 'payment' },
  followed_seller: { preference: 'followed_sellers', digestSeconds: DAY },
  system: { preference: null },
} as const satisfies Record<NotificationType, NotificationRule>;

/**
 * Makes `notification_rules` say what `notificationRules` says: one upsert that changes only the
 * rows that differ, and a delete of types no longer listed. Run right after the migrations, so
 * every start (and every test database) has them; a second run writes nothing.
 */
export async function writeNotificationRules(db: Database): Promise<void> {
  const rows = Object.entries(notificationRules).map(([type, rule]: [string, NotificationRule]) => ({
    type,
    preference: rule.preference,
    throttle_seconds: rule.throttleSeconds ?? null,
    digest_seconds: rule.digestSeconds ?? null,
  }));
  await sql`
    insert into notification_rules as r (type, preference, throttle_seconds, digest_seconds)
    select type, preference, throttle_seconds, digest_seconds
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(type text, preference text, throttle_seconds integer, digest_seconds integer)
    on conflict (type) do update set
      preference = excluded.preference, throttle_seconds = excluded.throttle_seconds,
      digest_seconds = excluded.digest_seconds
    where (r.preference, r.throttle_seconds, r.digest_seconds)
      is distinct from (excluded.preference, excluded.throttle_seconds, excluded.digest_seconds)
  `.execute(db);
  await db
    .deleteFrom('notification_rules')
    .where(
      'type',
      'not in',
      rows.map((row) => row.type),
    )
    .execute();
}
