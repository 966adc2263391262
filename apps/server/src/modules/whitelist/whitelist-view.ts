import type { WhitelistEntry } from '@resiport/contract';
import type { WhitelistRow } from './whitelist.repository';

/** A whitelist row as the API shows it. */
export function toWhitelistEntry(row: WhitelistRow): WhitelistEntry {
  return { id: row.id, ip: row.ip, remark: row.remark, created_at: row.created_at.toISOString() };
}
