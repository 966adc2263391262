import type { JobLeasesTable } from '../lib/job-lease.table';
import type {
  AlertDeliveriesTable,
  AlertEventsTable,
  AlertSettingsTable,
} from '../modules/alerts/alerts.table';
import type { OperatorAuditTable } from '../modules/audit/audit.table';
import type { ExitHealthTable, ExitsTable, ExitTrafficDailyTable } from '../modules/exits/exits.table';
import type {
  AccountLinksTable,
  AccountsTable,
  OAuthIdentitiesTable,
  OAuthStatesTable,
} from '../modules/account/account.table';
import type {
  AccountSessionsTable,
  RecoveryCodesTable,
  RevokedApiTokensTable,
  TotpEnrolmentsTable,
} from '../modules/account/session/account-security.table';
import type {
  CryptoInvoiceEventsTable,
  CryptoInvoiceResolutionsTable,
} from '../modules/billing/invoice-history.table';
import type { CryptoInvoicesTable } from '../modules/billing/invoice.table';
import type { RechargesTable } from '../modules/billing/recharge.table';
import type { SandboxInvoicesTable } from '../modules/cryptomus/sandbox/sandbox.table';
import type { GatewayEventsTable } from '../modules/gateway-feed/gateway-events.table';
import type { GatewayFeedCursorsTable } from '../modules/gateway-feed/gateway-feed-cursors.table';
import type { TrafficLeasesTable, TrafficOverrunsTable } from '../modules/gateway-link/lease.table';
import type { ProxySessionsTable } from '../modules/gateway-link/proxy-sessions.table';
import type { LedgerAuditCheckpointsTable, LedgerEntriesTable } from '../modules/ledger/ledger.table';
import type { PackagesTable, PriceTiersTable } from '../modules/orders/catalog.table';
import type { CouponRedemptionsTable, CouponsTable } from '../modules/orders/coupon.table';
import type { OrderRefundsTable } from '../modules/orders/order-refund.table';
import type { OrdersTable, TrialClaimsTable } from '../modules/orders/order.table';
import type { RateLimitHitsTable } from '../modules/rate-limit/rate-limit.table';
import type { SubaccountsTable, TrafficTransfersTable } from '../modules/subaccounts/subaccount.table';
import type {
  UsageBatchesTable,
  UsageDailyTable,
  UsageDayTotalsTable,
  UsageHourlyTable,
} from '../modules/traffic/usage.table';
import type { WhitelistIpsTable } from '../modules/whitelist/whitelist.table';
import type { MailQueueTable } from '../modules/mail/mail-queue.table';

/**
 * The schema Kysely sees: every table, listed here by hand from the module that owns it (its
 * `*.table.ts`, beside the repository that writes it). A module reaches another module's table only
 * through that module's service. The reads that cross a module line on purpose, as one SQL statement
 * on a path where a second round trip would cost, are these (each says so where it is):
 * - the ledger writes the balance columns of `accounts` and `subaccounts` (ledger.table.ts);
 * - the gateway link writes their credit counters (lease.table.ts) and joins `accounts`,
 *   `subaccounts` and `whitelist_ips` for the proxy-user lookups of gateways
 *   (gateway-link/directory.repository.ts) and for its audit (overrun-audit.ts);
 * - an order is read with its crypto invoice's reference and checkout link (orders/order.repository.ts);
 * - the console finds customers by email, id, sub-account username or whitelisted IP, with their
 *   traffic and last sign-in, in one read per page (admin/customers/customer-directory.repository.ts);
 * - alerts read the account's and the sub-account's figures in the transaction that changed them, and
 *   keep their crossing state on `subaccounts.alert_percent_done` (alerts/alerts.repository.ts);
 * - the console's orders and payments pages read orders, crypto invoices, top-ups, their events,
 *   refunds and resolutions with the customer's email and their ledger entries, read-only
 *   (admin/payments/*.repository.ts); every change there goes through the owning module's service.
 */
export interface Database {
  accounts: AccountsTable;
  alert_settings: AlertSettingsTable;
  alert_events: AlertEventsTable;
  alert_deliveries: AlertDeliveriesTable;
  account_links: AccountLinksTable;
  oauth_identities: OAuthIdentitiesTable;
  oauth_states: OAuthStatesTable;
  account_sessions: AccountSessionsTable;
  revoked_api_tokens: RevokedApiTokensTable;
  totp_enrolments: TotpEnrolmentsTable;
  recovery_codes: RecoveryCodesTable;
  rate_limit_hits: RateLimitHitsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_audit_checkpoints: LedgerAuditCheckpointsTable;
  crypto_invoices: CryptoInvoicesTable;
  recharges: RechargesTable;
  cryptomus_sandbox_invoices: SandboxInvoicesTable;
  price_tiers: PriceTiersTable;
  packages: PackagesTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  orders: OrdersTable;
  trial_claims: TrialClaimsTable;
  subaccounts: SubaccountsTable;
  traffic_transfers: TrafficTransfersTable;
  whitelist_ips: WhitelistIpsTable;
  traffic_leases: TrafficLeasesTable;
  traffic_overruns: TrafficOverrunsTable;
  gateway_events: GatewayEventsTable;
  gateway_feed_cursors: GatewayFeedCursorsTable;
  proxy_sessions: ProxySessionsTable;
  usage_batches: UsageBatchesTable;
  usage_hourly: UsageHourlyTable;
  usage_daily: UsageDailyTable;
  usage_day_totals: UsageDayTotalsTable;
  job_leases: JobLeasesTable;
  operator_audit: OperatorAuditTable;
  crypto_invoice_events: CryptoInvoiceEventsTable;
  crypto_invoice_resolutions: CryptoInvoiceResolutionsTable;
  order_refunds: OrderRefundsTable;
  exits: ExitsTable;
  exit_health: ExitHealthTable;
  exit_traffic_daily: ExitTrafficDailyTable;
  mail_queue: MailQueueTable;
}
