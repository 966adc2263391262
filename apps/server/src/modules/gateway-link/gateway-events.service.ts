import type { Executor } from '../../db/database';
import { gatewayEventsAfter, insertGatewayEvent } from './gateway-events.repository';

/**
 * The change feed gateways poll: whenever a sub-account is deleted, disabled or gets a new
 * password, or a whitelisted IP goes, gateways must forget what they cached and close what it
 * allowed. Written in the same transaction as the change, so a gateway never misses one.
 */
export function recordSubaccountChange(
  db: Executor,
  change: { accountId: number; subaccountId: number; username: string },
): Promise<void> {
  return insertGatewayEvent(db, {
    kind: 'subaccount',
    account_id: change.accountId,
    subaccount_id: change.subaccountId,
    username: change.username,
    ip: null,
    lease_id: null,
  });
}

export function recordWhitelistChange(
  db: Executor,
  change: { accountId: number; ip: string },
): Promise<void> {
  return insertGatewayEvent(db, {
    kind: 'whitelist',
    account_id: change.accountId,
    subaccount_id: null,
    username: null,
    ip: change.ip,
    lease_id: null,
  });
}

/**
 * Leases up to `leaseId` of an owner (or of every owner of the account) were voided: gateways drop
 * the credit they backed. Kind `account` for a whole account, else `lease`.
 */
export function recordLeasesVoided(
  db: Executor,
  voided: { accountId: number; subaccountId: number | null; wholeAccount: boolean; leaseId: number },
): Promise<void> {
  return insertGatewayEvent(db, {
    kind: voided.wholeAccount ? 'account' : 'lease',
    account_id: voided.accountId,
    subaccount_id: voided.wholeAccount ? null : voided.subaccountId,
    username: null,
    ip: null,
    lease_id: voided.leaseId,
  });
}

export async function eventsAfter(db: Executor, after: number) {
  const rows = await gatewayEventsAfter(db, after, 1000);
  return {
    events: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      account_id: r.account_id,
      subaccount_id: r.subaccount_id,
      username: r.username,
      ip: r.ip,
      lease_id: r.lease_id,
    })),
    last_id: rows.at(-1)?.id ?? after,
  };
}
