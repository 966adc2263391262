import type { SubAccount } from '@resiport/contract';
import { shownTrafficLeft } from '../traffic/traffic-left.service';
import { decryptProxyPassword, type ProxyPasswordKey } from './proxy-password';
import type { SubaccountRow } from './subaccount.repository';

/** A sub-account as its owner sees it, password decrypted (never logged: responses are not). */
export function toSubAccount(key: ProxyPasswordKey, row: SubaccountRow): SubAccount {
  return {
    id: row.id,
    username: row.username,
    password: decryptProxyPassword(key, row.password_cipher),
    remark: row.remark,
    // Bytes it used past zero were paid by the main account and are owed back: not part of what it was given.
    allocated_bytes: Number(shownTrafficLeft(row) + row.traffic_used_bytes - row.traffic_debt_bytes),
    traffic_left_bytes: Number(shownTrafficLeft(row)),
    traffic_used_bytes: Number(row.traffic_used_bytes),
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}
