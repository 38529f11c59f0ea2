import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.ts';

/** Accounts: users, their sessions and logins, invitations, e-mail choices, saved searches. */

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  name: string | null;
  last_name: string | null;
  phone: string | null;
  address: string | null;
  bio: string | null;
  avatar: string | null;
  birth_date: string | null;
  is_seller: Generated<boolean>;
  password_changed_at: Timestamp | null;
  /** Bumped when every session ends (logout everywhere, password change): older tokens are refused. */
  token_version: Generated<number>;
  /** Runs the marketplace (operator console); set from the command line. */
  is_operator: Generated<boolean>;
  /** Suspended by an operator: no login, no bids, purchases, questions or payments. */
  suspended_at: Timestamp | null;
  suspension_reason: string | null;
  /** Vacation mode: away until this instant (null: not away); the message answers questions meanwhile. */
  away_until: Timestamp | null;
  away_message: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One per login (device); its token carries the id. Ended by logout, or all at once with the account's version. */
export interface UserSessionsTable {
  id: string;
  user_id: number;
  user_agent: string | null;
  created_at: CreatedAt;
  /** When the session's latest token expires. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  /** The account version the session belongs to (null: rows written before it was recorded). */
  token_version: number | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  attempted_at: Timestamp;
}

/** A one-time link to choose the password of an account an operator created (hash of the token). */
export interface InvitationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_by: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** An e-mail type a user turned off. */
export interface EmailOptOutsTable {
  user_id: number;
  preference: string;
  created_at: CreatedAt;
}

/** A user's saved Explorar view (migration 2026-11-26T1100). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The browse filters as validated on save (jsonb). */
  filters: unknown;
  created_at: Timestamp;
  checked_at: Timestamp;
  /** The Bogotá day (YYYY-MM-DD) of its last notification; the drivers answer a Date or a string. */
  last_notified_day: string | null;
}
