/* eslint-disable @typescript-eslint/no-explicit-any -- the Migrator works on any schema; migrations are typed by hand. */
import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/2026_11_21_0500_accounts';
import * as ledger from './migrations/2026_11_21_0600_ledger';
import * as cryptomusSandbox from './migrations/2026_11_21_0610_cryptomus_sandbox';
import * as recharges from './migrations/2026_11_21_0620_recharges';
import * as catalog from './migrations/2026_11_21_0630_catalog';
import * as orders from './migrations/2026_11_21_0640_orders';
import * as subaccounts from './migrations/2026_11_21_0700_subaccounts';
import * as gateway from './migrations/2026_11_21_0800_gateway';
import * as usageRollups from './migrations/2026_11_21_0900_usage_rollups';
import * as credit from './migrations/2026_11_23_1000_credit';
import * as proxySessions from './migrations/2026_11_23_1100_proxy_sessions';
import * as gatewayFeedCursors from './migrations/2026_11_25_1000_gateway_feed_cursors';
import * as accountSecurity from './migrations/2026_11_25_1100_account_security';
import * as paymentStatuses from './migrations/2026_11_26_1200_payment_statuses';
import * as operatorAudit from './migrations/2026_11_27_0900_operator_audit';
import * as adminCustomers from './migrations/2026_11_27_0910_admin_customers';
import * as adminPayments from './migrations/2026_11_27_0920_admin_payments';
import * as exits from './migrations/2026_11_27_0940_exits';
import * as subaccountTotals from './migrations/2026_11_28_0900_subaccount_totals';
import * as subaccountLimits from './migrations/2026_11_29_0900_subaccount_limits';
import * as subaccountRefill from './migrations/2026_11_29_1000_subaccount_refill';
import * as alerts from './migrations/2026_11_30_0900_alerts';
import * as limitsEvents from './migrations/2026_12_01_0900_limits_events';
import * as subaccountOverrun from './migrations/2026_12_01_0910_subaccount_overrun';
import * as unpostedLeaseGrants from './migrations/2026_12_02_0900_unposted_lease_grants';
import * as ledgerSalesIndex from './migrations/2026_12_02_0910_ledger_sales_index';
import * as usageDayTotals from './migrations/2026_12_02_0920_usage_day_totals';
import * as leaseUpdatesInPlace from './migrations/2026_12_03_0910_lease_updates_in_place';
import * as ledgerAuditCheckpoints from './migrations/2026_12_03_0920_ledger_audit_checkpoints';
import * as voidedLeasesIndex from './migrations/2026_12_03_0930_voided_leases_index';
import * as sessionEndReasons from './migrations/2026_12_03_0940_session_end_reasons';
import * as twoFactorLock from './migrations/2026_12_03_0950_two_factor_lock';
import * as signedOutEverywhereAt from './migrations/2026_12_03_1000_signed_out_everywhere_at';
import * as invoiceExtraCredited from './migrations/2026_12_04_0900_invoice_extra_credited';
import * as mailQueue from './migrations/2026_12_04_0910_mail_queue';

/** Every migration, listed explicitly (no directory scanning), in order. */
const migrations: Record<string, Migration> = {
  '2026_11_21_0500_accounts': accounts,
  '2026_11_21_0600_ledger': ledger,
  '2026_11_21_0610_cryptomus_sandbox': cryptomusSandbox,
  '2026_11_21_0620_recharges': recharges,
  '2026_11_21_0630_catalog': catalog,
  '2026_11_21_0640_orders': orders,
  '2026_11_21_0700_subaccounts': subaccounts,
  '2026_11_21_0800_gateway': gateway,
  '2026_11_21_0900_usage_rollups': usageRollups,
  '2026_11_23_1000_credit': credit,
  '2026_11_23_1100_proxy_sessions': proxySessions,
  '2026_11_25_1000_gateway_feed_cursors': gatewayFeedCursors,
  '2026_11_25_1100_account_security': accountSecurity,
  '2026_11_26_1200_payment_statuses': paymentStatuses,
  '2026_11_27_0900_operator_audit': operatorAudit,
  '2026_11_27_0910_admin_customers': adminCustomers,
  '2026_11_27_0920_admin_payments': adminPayments,
  '2026_11_27_0940_exits': exits,
  '2026_11_28_0900_subaccount_totals': subaccountTotals,
  '2026_11_29_0900_subaccount_limits': subaccountLimits,
  '2026_11_29_1000_subaccount_refill': subaccountRefill,
  '2026_11_30_0900_alerts': alerts,
  '2026_12_01_0900_limits_events': limitsEvents,
  '2026_12_01_0910_subaccount_overrun': subaccountOverrun,
  '2026_12_02_0900_unposted_lease_grants': unpostedLeaseGrants,
  '2026_12_02_0910_ledger_sales_index': ledgerSalesIndex,
  '2026_12_02_0920_usage_day_totals': usageDayTotals,
  '2026_12_03_0910_lease_updates_in_place': leaseUpdatesInPlace,
  '2026_12_03_0920_ledger_audit_checkpoints': ledgerAuditCheckpoints,
  '2026_12_03_0930_voided_leases_index': voidedLeasesIndex,
  '2026_12_03_0940_session_end_reasons': sessionEndReasons,
  '2026_12_03_0950_two_factor_lock': twoFactorLock,
  '2026_12_03_1000_signed_out_everywhere_at': signedOutEverywhereAt,
  '2026_12_04_0900_invoice_extra_credited': invoiceExtraCredited,
  '2026_12_04_0910_mail_queue': mailQueue,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error ?? failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(NO_MIGRATIONS);
  if (error) throw new Error('Migrating down failed', { cause: error });
}
