import type { SessionEndReason } from './session-end';
import type { ApiTokenRevocation, SignInMethod } from '@resiport/contract';

/** Tables of migration 2026_11_25_1100 (decision 021). */

/** One sign-in: its JWTs carry the id (`sid`); revoking the row ends them at their next call. */
export interface AccountSessionsTable {
  id: string;
  account_id: number;
  method: SignInMethod;
  ip: string;
  user_agent: string;
  created_at: Date;
  /** Written at most once a minute per session (SESSION_TOUCH_INTERVAL_MS). */
  last_seen_at: Date;
  revoked_at: Date | null;
  revoked_reason: SessionEndReason | null;
}

export type { ApiTokenRevocation };

/** Hashes of developer tokens that stopped working, so their callers are told why. */
export interface RevokedApiTokensTable {
  token_hash: string;
  account_id: number;
  reason: ApiTokenRevocation;
  revoked_at: Date;
}

/** A TOTP secret shown to the customer but not yet confirmed with a code. */
export interface TotpEnrolmentsTable {
  account_id: number;
  secret_sealed: string;
  created_at: Date;
}

export interface RecoveryCodesTable {
  account_id: number;
  code_hash: string;
  used_at: Date | null;
}
