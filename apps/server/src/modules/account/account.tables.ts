import type { ColumnType, Generated } from 'kysely';

/** The account module's tables: accounts, their one-time links and OAuth identities (migration 2026_11_21_0500 and later). */

type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  status: 'pending' | 'active' | 'disabled';
  role: Generated<'customer' | 'operator'>;
  lang: 'en-us' | 'ru';
  token_version: Generated<number>;
  api_token_hash: string | null;
  api_token_created_at: Date | null;
  api_token_last_used_at: Date | null;
  /** Two-factor sign-in (decision 021): the TOTP secret, sealed; on when `totp_enabled_at` is set. */
  totp_secret_sealed: string | null;
  totp_enabled_at: Date | null;
  /** The last TOTP time step a code was accepted for (a code works once). */
  totp_last_step: ColumnType<bigint | null, bigint | null, bigint | null>;
  balance_cents: ColumnType<bigint, never, bigint>;
  traffic_left_bytes: ColumnType<bigint, never, bigint>;
  traffic_used_bytes: ColumnType<bigint, never, bigint>;
  /** Unused part of the main account's open leases (counts as left in every figure). */
  traffic_reserved_bytes: ColumnType<bigint, never, bigint>;
  /** Delivered past zero, billed from the next traffic (decision 015). */
  traffic_debt_bytes: ColumnType<bigint, never, bigint>;
  created_at: Timestamp;
  activated_at: Date | null;
}

export type LinkPurpose = 'activate' | 'reset' | 'oauth_login';

export interface AccountLinksTable {
  id: Generated<number>;
  account_id: number;
  purpose: LinkPurpose;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface OAuthIdentitiesTable {
  provider: 'google' | 'yandex';
  subject: string;
  account_id: number;
  email: string;
  created_at: Timestamp;
}

export interface OAuthStatesTable {
  state_hash: string;
  provider: 'google' | 'yandex';
  code_verifier: string;
  browser_binding_hash: string;
  redirect_path: string | null;
  expires_at: Date;
  created_at: Timestamp;
}
