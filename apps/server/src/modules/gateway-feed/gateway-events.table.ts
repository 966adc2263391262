import type { gatewayEventKinds } from '@resiport/contract';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** `gateway_events`: the change feed gateways poll (what to drop from their caches). */
export interface GatewayEventsTable {
  id: Generated<number>;
  kind: (typeof gatewayEventKinds)[number];
  /** Null for `exits` (the pool changed: no account concerned). */
  account_id: number | null;
  subaccount_id: number | null;
  username: string | null;
  ip: string | null;
  /** The owner's leases up to this id were voided. */
  lease_id: number | null;
  created_at: Timestamp;
}
