import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns.ts';

/** Web Push (migration 2026-12-01T1700). */

/** One device subscribed to a user's pushes, tied to the session that subscribed it. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: CreatedAt;
}

/** A push type the user turned off (a row is an opt-out). */
export interface PushOptOutsTable {
  user_id: number;
  preference: string;
  created_at: CreatedAt;
}

/** One push for one device, waiting to be sent or given up; a sent push is deleted. */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  kind: string;
  data: Json<{ title: string; body: string; url: string }>;
  topic: string | null;
  status: Generated<'pending' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: CreatedAt;
  last_error: string | null;
}
