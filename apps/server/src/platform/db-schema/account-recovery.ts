import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.ts';

/** Password reset, e-mail change and the account's security events (migration 2026-12-01T1100). */

/** A "forgot my password" request as it arrived; the timed job sends the link, if any. */
export interface PasswordResetRequestsTable {
  id: Generated<number>;
  /** As typed, lower-cased. */
  email: string;
  ip: string;
  requested_at: Timestamp;
  processed_at: Timestamp | null;
  /** Whether a link was e-mailed for it (counts against the client address's hourly limit). */
  sent: Generated<boolean>;
}

/** A one-time link (sha256 of its token only). */
interface OneTimeLinkColumns {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Replaced by a newer link, or spent by another one. */
  voided_at: Timestamp | null;
}

export type PasswordResetTokensTable = OneTimeLinkColumns;

export interface EmailChangeTokensTable extends OneTimeLinkColumns {
  new_email: string;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  created_at: CreatedAt;
}
