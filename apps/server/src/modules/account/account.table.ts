import type { ServerLang } from '@resiport/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';
import type { ProviderName } from './oauth/providers';

/**
 * The account module's tables: accounts, their one-time links and OAuth identities (migration
 * 2026_11_21_0500 and later). Two groups of `accounts` columns are written elsewhere, each by one
 * module: the balances by the ledger (`balance_cents`, `traffic_left_bytes`, `traffic_unposted_bytes`), the credit counters by
 * the gateway link (`traffic_used_bytes`, `traffic_reserved_bytes`, `traffic_debt_bytes`). The
 * `subaccounts_*` figures are written by no code: a trigger on `subaccounts` keeps them (migration
 * 2026_11_28_0900).
 */

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  status: 'pending' | 'active' | 'disabled';
  role: Generated<'customer' | 'operator'>;
  lang: ServerLang;
  token_version: Generated<number>;
  api_token_hash: string | null;
  api_token_created_at: Date | null;
  api_token_last_used_at: Date | null;
  /** Two-factor sign-in (decision 021): the TOTP secret, sealed; on when `totp_enabled_at` is set. */
  totp_secret_sealed: string | null;
  totp_enabled_at: Date | null;
  /** The last TOTP time step a code was accepted for (a code works once). */
  totp_last_step: ColumnType<bigint | null, bigint | null, bigint | null>;
  /** Wrong codes at sign-in's second step since the last right one (decision 050). */
  two_factor_failures: Generated<number>;
  /** Set after TWO_FACTOR_MAX_FAILURES of them: only a recovery code or the mailed link gets past it. */
  two_factor_locked_at: Date | null;
  /** The last "sign out everywhere": read-only views the operator opened before it are over. */
  signed_out_everywhere_at: Date | null;
  balance_cents: ColumnType<bigint, never, bigint>;
  traffic_left_bytes: ColumnType<bigint, never, bigint>;
  /** Granted to open leases, out of `traffic_left_bytes`, not in the ledger yet (decision 045; the ledger writes it). */
  traffic_unposted_bytes: ColumnType<bigint, never, bigint>;
  traffic_used_bytes: ColumnType<bigint, never, bigint>;
  /** Unused part of the main account's open leases (counts as left in every figure). */
  traffic_reserved_bytes: ColumnType<bigint, never, bigint>;
  /** Delivered past zero, billed from the next traffic (decision 015). */
  traffic_debt_bytes: ColumnType<bigint, never, bigint>;
  /** The last UTC day its proxies carried traffic: written by the traffic module's usage record. */
  last_usage_day: ColumnType<Date | null, never, string>;
  /**
   * The sub-accounts' figures of /user/info, kept in step with `subaccounts` by a trigger in the
   * transaction of every change (subaccount.repository.ts `subaccountsTrafficFigures` defines them):
   * Σ used of all (deleted too), Σ shown left of the live ones, how many are live, how many are empty.
   */
  subaccounts_used_bytes: ColumnType<bigint, never, never>;
  subaccounts_left_bytes: ColumnType<bigint, never, never>;
  subaccounts_live: ColumnType<number, never, never>;
  subaccounts_empty: ColumnType<number, never, never>;
  created_at: Timestamp;
  activated_at: Date | null;
}

export type LinkPurpose = 'activate' | 'reset' | 'oauth_login' | 'unlock_2fa';

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
  provider: ProviderName;
  subject: string;
  account_id: number;
  email: string;
  created_at: Timestamp;
}

export interface OAuthStatesTable {
  state_hash: string;
  provider: ProviderName;
  code_verifier: string;
  browser_binding_hash: string;
  redirect_path: string | null;
  expires_at: Date;
  created_at: Timestamp;
}
