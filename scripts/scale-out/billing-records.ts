import pg from 'pg';

/** What the server recorded for one gateway process (instance id) and the sub-account's traffic. */
export interface InstanceBilling {
  /** Taken from its leases (`used_bytes`). */
  fromLeases: bigint;
  /** Billed beyond its leases (ledger `usage` entries of its batches, the sub-account's or the main account's). */
  beyondLeases: bigint;
  /** Written off (`traffic_overruns`): reported but not billable. */
  overrun: bigint;
  /** Granted to its leases and neither reported nor returned: what a crash of it can lose at most. */
  unreported: bigint;
  /** Its leases still open (a SIGKILLed process's stays open until the server reclaims it). */
  openLeases: number;
  /** Usage batches of it the server applied (each id once: `usage_batches` is keyed by it). */
  batches: number;
}

export const billedOf = (b: InstanceBilling) => b.fromLeases + b.beyondLeases;
export const reportedOf = (b: InstanceBilling) => billedOf(b) + b.overrun;

/**
 * Read-only SQL over the run's database: the billing per gateway process and the figures the
 * conservation checks compare. Batch ids are `<instance>:<boot>.<seq>` and a usage entry's ledger
 * reference is `<batch>#<n>` (with `:main` when the main account paid), so the instance is the
 * reference's text before its first colon (instance ids have none).
 */
export class BillingRecords {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  private async rows<T>(text: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query(text, values)).rows as T[];
  }

  async billing(accountId: number, subId: number, instanceId: string): Promise<InstanceBilling> {
    const [leases] = await this.rows<{ used: string; unreported: string; open: string }>(
      `select coalesce(sum(used_bytes), 0)::text as used,
              coalesce(sum(granted_bytes - used_bytes), 0)::text as unreported,
              count(*) filter (where status = 'open')::text as open
         from traffic_leases where subaccount_id = $1 and instance_id = $2`,
      [subId, instanceId],
    );
    const [beyond] = await this.rows<{ bytes: string }>(
      `select coalesce(-sum(amount), 0)::text as bytes from ledger_entries
        where account_id = $1 and asset = 'traffic' and kind = 'usage' and split_part(ref_id, ':', 1) = $3
          and (subaccount_id = $2 or (subaccount_id is null and ref_id like '%:main'))`,
      [accountId, subId, instanceId],
    );
    const [overrun] = await this.rows<{ bytes: string }>(
      `select coalesce(sum(bytes), 0)::text as bytes from traffic_overruns
        where subaccount_id = $1 and instance_id = $2`,
      [subId, instanceId],
    );
    const [batches] = await this.rows<{ n: string }>(
      `select count(*)::text as n from usage_batches where instance_id = $1`,
      [instanceId],
    );
    return {
      fromLeases: BigInt(leases?.used ?? 0),
      beyondLeases: BigInt(beyond?.bytes ?? 0),
      overrun: BigInt(overrun?.bytes ?? 0),
      unreported: BigInt(leases?.unreported ?? 0),
      openLeases: Number(leases?.open ?? 0),
      batches: Number(batches?.n ?? 0),
    };
  }

  /**
   * The sequence numbers of a process's applied usage batches, per boot (`<instance>:<boot>.<seq>`):
   * a process numbers its batches 1, 2, 3 … as it makes them and retries each under its id.
   */
  async batchSequences(instanceId: string): Promise<Map<string, number[]>> {
    const rows = await this.rows<{ batch_id: string }>(
      `select batch_id from usage_batches where instance_id = $1 order by batch_id`,
      [instanceId],
    );
    const boots = new Map<string, number[]>();
    for (const { batch_id: id } of rows) {
      const [, boot = '', seq = ''] = /^[^:]+:([^.]+)\.(\d+)$/.exec(id) ?? [];
      boots.set(boot, [...(boots.get(boot) ?? []), Number(seq)]);
    }
    for (const seqs of boots.values()) seqs.sort((a, b) => a - b);
    return boots;
  }

  /** Every byte the gateways reported for the sub-account, from the hourly rollups (kept per batch). */
  async rolledUp(subId: number): Promise<bigint> {
    const [row] = await this.rows<{ bytes: string }>(
      `select coalesce(sum(bytes_up + bytes_down), 0)::text as bytes from usage_hourly where subaccount_id = $1`,
      [subId],
    );
    return BigInt(row?.bytes ?? 0);
  }

  /**
   * The account's traffic as the ledger keeps it (decision 013's conservation): what was bought is
   * what is left on the main account and the sub-account, plus what open leases hold, plus what
   * was used. Also whether every reserved counter equals its owner's open leases' unused bytes.
   */
  async trafficAccounts(accountId: number): Promise<{ total: bigint; reservedConsistent: boolean }> {
    const [row] = await this.rows<{ total: string; reserved_ok: boolean }>(
      `select (a.traffic_left_bytes + a.traffic_used_bytes
          + coalesce((select sum(s.traffic_left_bytes + s.traffic_used_bytes) from subaccounts s where s.account_id = a.id), 0)
          + coalesce((select sum(l.granted_bytes - l.used_bytes) from traffic_leases l
                      where l.account_id = a.id and l.status = 'open'), 0))::text as total,
          (a.traffic_reserved_bytes = coalesce((select sum(l.granted_bytes - l.used_bytes) from traffic_leases l
              where l.account_id = a.id and l.subaccount_id is null and l.status = 'open'), 0)
            and not exists (select 1 from subaccounts s where s.account_id = a.id
              and s.traffic_reserved_bytes <> coalesce((select sum(l.granted_bytes - l.used_bytes)
                from traffic_leases l where l.subaccount_id = s.id and l.status = 'open'), 0))) as reserved_ok
        from accounts a where a.id = $1`,
      [accountId],
    );
    return { total: BigInt(row?.total ?? -1), reservedConsistent: row?.reserved_ok === true };
  }

  /** The account's money entries by kind (cents), e.g. `recharge` +2500, `order_payment` −2250. */
  async moneyEntries(accountId: number): Promise<Map<string, bigint>> {
    const rows = await this.rows<{ kind: string; cents: string }>(
      `select kind, sum(amount)::text as cents from ledger_entries
        where account_id = $1 and asset = 'money' group by kind`,
      [accountId],
    );
    return new Map(rows.map((r) => [r.kind, BigInt(r.cents)]));
  }
}
