import {
  BYTES_PER_GB,
  NO_ACCESS,
  NO_SUB_LIMITS,
  NO_SUB_REFILL,
  type SubAccount,
  type UserInfo,
  type WhitelistEntry,
} from '@resiport/contract';

/**
 * Plain records as the server sends them, with what a test does not care about filled in. Each
 * takes the fields that matter to the test, so a test states them and nothing else.
 */

export const gb = (count: number) => count * BYTES_PER_GB;

export function aUser(fields: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    email: 'buyer@example.com',
    balance_cents: 5_000,
    traffic_left_bytes: gb(10),
    traffic_used_bytes: gb(2),
    subaccounts_traffic_left_bytes: 0,
    subaccounts_count: 0,
    subaccounts_empty_count: 0,
    // The UI runs in English: the server's language matches, so nothing is synced.
    lang: 'en-us',
    has_api_token: false,
    has_password: true,
    created_at: '2026-01-15T10:00:00.000Z',
    access: { name: NO_ACCESS },
    ...fields,
  };
}

export function aSub(fields: Partial<SubAccount> & Pick<SubAccount, 'id' | 'username'>): SubAccount {
  return {
    password: 'proxyPass123',
    remark: '',
    allocated_bytes: gb(5),
    traffic_left_bytes: gb(3),
    traffic_used_bytes: gb(2),
    status: 'active',
    created_at: '2026-02-01T09:00:00.000Z',
    ...NO_SUB_LIMITS,
    ...NO_SUB_REFILL,
    alert_percents: null,
    ...fields,
  };
}

export function aWhitelistEntry(
  fields: Pick<WhitelistEntry, 'id' | 'ip'> & Partial<WhitelistEntry>,
): WhitelistEntry {
  return { remark: '', created_at: '2026-02-01T09:00:00.000Z', ...fields };
}

/** One page of a paged list answer. */
export function aPage<T>(list: T[], page = 1, pageSize = 10) {
  return { list, total: list.length, page, page_size: pageSize };
}
