import type { TestApp } from '@resiport/server/testing';

/**
 * What the server recorded about one sub-account's traffic, read straight from its tables: the
 * balances, the leases, the usage rollups, the ledger's lease/usage entries and the usage batches.
 * For the tests that run real gateway processes against the real server.
 */
export function trafficRecords(app: () => TestApp) {
  const sub = (subId: number) =>
    app()
      .ctx.db.selectFrom('subaccounts')
      .select(['traffic_left_bytes', 'traffic_used_bytes'])
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();
  const leasesOf = (subId: number) =>
    app()
      .ctx.db.selectFrom('traffic_leases')
      .selectAll()
      .where('subaccount_id', '=', subId)
      .orderBy('id')
      .execute();
  /** Every byte the gateways reported (usage_hourly grows by each applied batch, once). */
  const reported = async (subId: number) => {
    const rows = await app()
      .ctx.db.selectFrom('usage_hourly')
      .select(['bytes_up', 'bytes_down'])
      .where('subaccount_id', '=', subId)
      .execute();
    return rows.reduce((n, r) => n + r.bytes_up + r.bytes_down, 0n);
  };
  /** What the ledger took from the sub-account for traffic: leases granted, minus returned, plus usage. */
  const ledgerSpent = async (subId: number) => {
    const rows = await app()
      .ctx.db.selectFrom('ledger_entries')
      .select('amount')
      .where('subaccount_id', '=', subId)
      .where('asset', '=', 'traffic')
      .where('kind', 'in', ['lease', 'lease_return', 'usage'])
      .execute();
    return -rows.reduce((n, r) => n + r.amount, 0n);
  };
  /** Usage the server debited beyond a process's lease (ledger `usage` entries of its batches). */
  const usageDebits = async (subId: number, instanceId: string) => {
    const rows = await app()
      .ctx.db.selectFrom('ledger_entries')
      .select('amount')
      .where('subaccount_id', '=', subId)
      .where('kind', '=', 'usage')
      .where('ref_id', 'like', `${instanceId}:%`)
      .execute();
    return -Number(rows.reduce((n, r) => n + r.amount, 0n));
  };
  const usageBatches = async (instanceId: string) =>
    Number(
      (
        await app()
          .ctx.db.selectFrom('usage_batches')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('instance_id', '=', instanceId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { sub, leasesOf, reported, ledgerSpent, usageDebits, usageBatches };
}
