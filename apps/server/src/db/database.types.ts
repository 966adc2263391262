import type { ColumnType, Generated } from 'kysely';
import type {
  AccountLinksTable,
  AccountsTable,
  OAuthIdentitiesTable,
  OAuthStatesTable,
} from '../modules/account/account.tables';
import type {
  AccountSessionsTable,
  RecoveryCodesTable,
  RevokedApiTokensTable,
  TotpEnrolmentsTable,
} from '../modules/account/session/account-security.tables';
import type { SandboxInvoicesTable } from '../modules/cryptomus/sandbox/sandbox.table';
import type { GatewayFeedCursorsTable } from '../modules/gateway-link/gateway-feed-cursors.table';
import type { ProxySessionsTable } from '../modules/gateway-link/proxy-sessions.table';

/**
 * Kysely table shapes; one interface per table, aggregated in `Database`. Modules with several tables
 * keep theirs beside them (e.g. account/account.tables.ts); they are re-exported here.
 */
export type {
  AccountLinksTable,
  AccountsTable,
  LinkPurpose,
  OAuthIdentitiesTable,
  OAuthStatesTable,
} from '../modules/account/account.tables';

type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface RateLimitHitsTable {
  bucket: string;
  window_start: Date;
  hits: number;
}

export type LedgerAsset = 'money' | 'traffic';

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  account_id: number;
  asset: LedgerAsset;
  kind: string;
  amount: bigint;
  balance_after: bigint;
  ref_type: string | null;
  ref_id: string | null;
  note: string | null;
  /** The sub-account whose traffic this is; null for the main account. */
  subaccount_id: number | null;
  created_at: Timestamp;
}

export type InvoiceStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface CryptoInvoicesTable {
  id: Generated<number>;
  order_ref: string;
  purpose: 'recharge' | 'order';
  account_id: number;
  amount_cents: bigint;
  provider_uuid: string | null;
  checkout_url: string | null;
  status: Generated<InvoiceStatus>;
  provider_status: string | null;
  expires_at: Date;
  created_at: Timestamp;
  settled_at: Date | null;
}

export interface RechargesTable {
  id: Generated<number>;
  account_id: number;
  invoice_id: number;
  amount_cents: bigint;
  fee_cents: bigint;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: Date;
}

export interface PriceTiersTable {
  min_gb: number;
  price_per_gb_cents: bigint;
}

export interface PackagesTable {
  id: Generated<number>;
  code: string;
  traffic_bytes: bigint;
  price_cents: bigint;
  is_trial: Generated<boolean>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
}

export type OrderStatus = 'unpaid' | 'paid' | 'cancelled' | 'refunded';
export type PaidType = 'cryptomus' | 'balance' | 'free';

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  value: bigint;
  expires_at: Date | null;
  max_uses: number | null;
  max_uses_per_account: number | null;
  account_id: number | null;
  uses: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  account_id: number;
  package_id: number | null;
  is_trial: Generated<boolean>;
  traffic_bytes: bigint;
  price_per_gb_cents: bigint;
  original_cents: bigint;
  discount_cents: bigint;
  amount_cents: bigint;
  fee_cents: bigint;
  total_cents: bigint;
  paid_type: PaidType;
  status: OrderStatus;
  coupon_id: number | null;
  coupon_code: string | null;
  invoice_id: number | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  paid_at: Date | null;
  refunded_at: Date | null;
}

export interface CouponRedemptionsTable {
  order_id: number;
  coupon_id: number;
  account_id: number;
}

export interface TrialClaimsTable {
  account_id: number;
  ip: string;
  order_id: number;
  created_at: Timestamp;
}

export interface SubaccountsTable {
  id: Generated<number>;
  account_id: number;
  username: string;
  password_cipher: string;
  remark: Generated<string>;
  traffic_left_bytes: Generated<bigint>;
  traffic_used_bytes: Generated<bigint>;
  /** Unused part of the sub-account's open leases (counts as left in every figure). */
  traffic_reserved_bytes: Generated<bigint>;
  /** Delivered past zero, billed from the next traffic (decision 015). */
  traffic_debt_bytes: Generated<bigint>;
  status: Generated<'active' | 'disabled'>;
  created_at: Timestamp;
  deleted_at: Date | null;
}

export type TransferKind = 'allocate' | 'recycle' | 'subaccount_deletion';

export interface TrafficTransfersTable {
  id: Generated<number>;
  account_id: number;
  subaccount_id: number;
  kind: TransferKind;
  amount_bytes: bigint;
  request_id: string | null;
  created_at: Timestamp;
}

export interface WhitelistIpsTable {
  id: Generated<number>;
  account_id: number;
  ip: string;
  remark: Generated<string>;
  created_at: Timestamp;
}

export interface TrafficLeasesTable {
  id: Generated<number>;
  account_id: number;
  subaccount_id: number | null;
  instance_id: string;
  granted_bytes: Generated<bigint>;
  used_bytes: Generated<bigint>;
  overrun_bytes: Generated<bigint>;
  /** What a void returned to the owner while the gateway may still have held it as credit. */
  voided_bytes: Generated<bigint>;
  grants: Generated<number>;
  status: Generated<'open' | 'closed'>;
  expires_at: Date;
  created_at: Timestamp;
  closed_at: Date | null;
}

export interface UsageBatchesTable {
  batch_id: string;
  instance_id: string;
  received_at: Timestamp;
}

/** Usage per owner (sub-account id, or 0 = the main account) and source address, per hour of receipt. */
export interface UsageHourlyTable {
  account_id: number;
  subaccount_id: number;
  /** The whitelisted address main-account usage came from; '' for sub-accounts (and older gateways). */
  source_ip: Generated<string>;
  hour: Date;
  bytes_up: Generated<bigint>;
  bytes_down: Generated<bigint>;
  connections: Generated<bigint>;
}

/** The same counts per UTC day (the day of `usage_hourly.hour`), kept in the same transaction. */
export interface UsageDailyTable {
  account_id: number;
  subaccount_id: number;
  source_ip: Generated<string>;
  /**
   * Written as `YYYY-MM-DD`. Read it through SQL (`to_char`, `at time zone 'UTC'`), never raw: `pg`
   * turns a date into a Date at local midnight, PGlite at UTC midnight.
   */
  day: ColumnType<Date, string, string>;
  bytes_up: Generated<bigint>;
  bytes_down: Generated<bigint>;
  connections: Generated<bigint>;
}

export interface GatewayEventsTable {
  id: Generated<number>;
  kind: 'subaccount' | 'whitelist' | 'account' | 'lease';
  account_id: number;
  subaccount_id: number | null;
  username: string | null;
  ip: string | null;
  /** The owner's leases up to this id were voided. */
  lease_id: number | null;
  created_at: Timestamp;
}

/** Bytes delivered past an owner's traffic that could not be billed, with the bound they had to keep. */
export interface TrafficOverrunsTable {
  id: Generated<number>;
  account_id: number;
  subaccount_id: number | null;
  instance_id: string;
  batch_id: string;
  bytes: bigint;
  bound_bytes: bigint;
  created_at: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  account_links: AccountLinksTable;
  oauth_identities: OAuthIdentitiesTable;
  oauth_states: OAuthStatesTable;
  rate_limit_hits: RateLimitHitsTable;
  ledger_entries: LedgerEntriesTable;
  crypto_invoices: CryptoInvoicesTable;
  recharges: RechargesTable;
  job_leases: JobLeasesTable;
  cryptomus_sandbox_invoices: SandboxInvoicesTable;
  price_tiers: PriceTiersTable;
  packages: PackagesTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  coupon_redemptions: CouponRedemptionsTable;
  trial_claims: TrialClaimsTable;
  subaccounts: SubaccountsTable;
  traffic_transfers: TrafficTransfersTable;
  whitelist_ips: WhitelistIpsTable;
  traffic_leases: TrafficLeasesTable;
  usage_batches: UsageBatchesTable;
  usage_hourly: UsageHourlyTable;
  usage_daily: UsageDailyTable;
  gateway_events: GatewayEventsTable;
  traffic_overruns: TrafficOverrunsTable;
  proxy_sessions: ProxySessionsTable;
  gateway_feed_cursors: GatewayFeedCursorsTable;
  account_sessions: AccountSessionsTable;
  revoked_api_tokens: RevokedApiTokensTable;
  totp_enrolments: TotpEnrolmentsTable;
  recovery_codes: RecoveryCodesTable;
}
