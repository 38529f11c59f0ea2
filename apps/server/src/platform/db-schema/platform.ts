import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns.ts';

/** Shared machinery: notifications, the mail outbox, change counters, idempotency, reports and the audit. */

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  message: string;
  link: string | null;
  is_read: Generated<boolean>;
  is_system: Generated<boolean>;
  created_at: Timestamp;
}

/** One e-mail waiting to be sent, sent, or given up (migration 2026-11-26T1000). */
export interface MailOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  to_address: string;
  kind: string;
  /** The preference that turns this e-mail off; null for the ones always sent. */
  preference: string | null;
  data: Json<Record<string, unknown>>;
  dedupe_key: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  last_error: string | null;
  /** Set while the sending job holds the row (read, being sent), cleared when it is put back. */
  claimed_at: Timestamp | null;
}

/**
 * What each notification type e-mails and pushes (migration 2026-12-03T0300), written from
 * `db-functions/notification-rules.ts` after every migration run and read by the triggers.
 */
export interface NotificationRulesTable {
  type: string;
  preference: string | null;
  throttle_seconds: number | null;
  digest_seconds: number | null;
}

/** Change counters moved by triggers, read by the caches they guard (see read-cache.ts). */
export interface ChangeVersionsTable {
  name: string;
  version: number;
}

/** The first answer to each (user, Idempotency-Key) for 24 hours (platform/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** The method, path and a hash of the body: the same key with other data is refused. */
  fingerprint: string;
  completed: Generated<boolean>;
  status_code: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: 'product' | 'user' | 'question';
  target_id: number;
  reason: 'fraude' | 'prohibido' | 'contacto' | 'ofensivo' | 'otro';
  comment: string | null;
  status: Generated<'open' | 'resolved'>;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  resolution: 'dismiss' | 'takedown' | 'suspend' | null;
  resolution_note: string | null;
}

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface OperatorAuditTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  note: string | null;
  created_at: Timestamp;
}
