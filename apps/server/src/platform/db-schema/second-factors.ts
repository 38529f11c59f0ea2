import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.ts';

/** Second factors: authenticator secrets, recovery codes, login challenges, passkeys (migration 2026-12-01T1200). */

export interface UserTotpTable {
  user_id: number;
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM. */
  secret_encrypted: string;
  /** Null while set up but not yet proved with a code. */
  enabled_at: Timestamp | null;
  /** The latest 30-second step whose code was accepted (a code works once). */
  last_step: number | null;
  created_at: CreatedAt;
}

export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface LoginChallengesTable {
  token_hash: string;
  user_id: number;
  user_agent: string | null;
  failures: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the authenticator gave it. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** JSON array of transport hints, or null. */
  transports: string | null;
  name: string;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
}

export interface WebauthnChallengesTable {
  token_hash: string;
  user_id: number | null;
  purpose: 'register' | 'login';
  challenge: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
