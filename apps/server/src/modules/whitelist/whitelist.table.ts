import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** `whitelist_ips`: source addresses that use the main account's traffic without a password. */
export interface WhitelistIpsTable {
  id: Generated<number>;
  account_id: number;
  ip: string;
  remark: Generated<string>;
  created_at: Timestamp;
}
