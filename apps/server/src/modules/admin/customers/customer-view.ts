import type { CustomerRow, CustomerSession, CustomerSubaccount } from '@resiport/contract';
import { shownTrafficLeft } from '../../account/traffic-left.service';
import type { sessionHistory } from '../../account/account.service';
import type { listSubaccounts } from '../../subaccounts/subaccount.service';
import type { pageOfCustomers } from './customer-directory.repository';

/** The customer pages' rows as the API shows them: cents and bytes as numbers, times as ISO strings. */

type DirectoryRow = Awaited<ReturnType<typeof pageOfCustomers>>['rows'][number];
type SessionRow = Awaited<ReturnType<typeof sessionHistory>>['list'][number];
type SubaccountRow = Awaited<ReturnType<typeof listSubaccounts>>['list'][number];

/** A row of the customer search. */
export function toCustomerRow(row: DirectoryRow): CustomerRow {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    role: row.role,
    balance_cents: Number(row.balance_cents),
    traffic_left_bytes: Number(row.traffic_left_bytes),
    subaccount_count: row.subaccount_count,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
  };
}

/** One of the customer's sessions, ended ones included. */
export function toCustomerSession(row: SessionRow): CustomerSession {
  return {
    id: row.id,
    method: row.method,
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** A sub-account as the console shows it: figures as its owner sees them, never its password. */
export function toCustomerSubaccount(row: SubaccountRow): CustomerSubaccount {
  return {
    id: row.id,
    username: row.username,
    remark: row.remark,
    status: row.status,
    traffic_left_bytes: Number(shownTrafficLeft(row)),
    traffic_used_bytes: Number(row.traffic_used_bytes),
    created_at: row.created_at.toISOString(),
  };
}
