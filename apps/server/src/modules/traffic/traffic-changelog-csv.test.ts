import {
  changesCsvColumns,
  envelopeSchema,
  internalGatewayEndpoints,
  ResultCode,
  type TrafficChange,
  trafficLinks,
} from '@resiport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub } from '../../../test/factories';
import { subaccountCalls } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CSV_MAX_ROWS } from '../../lib/csv';
import { dayOf, MB, trafficCalls } from './traffic.test-helpers';
import { apiUrl, successData } from '@resiport/testkit';
import { z } from 'zod';

const HEADER = changesCsvColumns.join(',');

/**
 * `/traffic/changelog?format=csv` (trafficLinks.changesCsv): every row of the change record for the
 * filter — the same rows, in the same order, as the screen's pages — usage rows included (decision 027).
 */
describe('traffic change record as CSV', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof customerWithSub>>;
  let today: string;
  beforeAll(async () => {
    // The books are not audited at close: ledger rows are inserted directly here by the thousand, outside the ledger service.
    t = await createTestApp({}, { auditAtClose: false });
    today = dayOf(t.ctx.clock());
    a = await customerWithSub(t, { mainGb: 2, subGb: 0.5, prefix: 'csvowner' });
    const { internal, usage } = trafficCalls(() => t);
    const main = { account_id: a.id, subaccount_id: null, instance_id: 'gw-changes-csv' };
    const used = (subaccountId: number | null, down: number) => [
      { account_id: a.id, subaccount_id: subaccountId, bytes_up: 0, bytes_down: down, connections: 1 },
    ];
    // The main account: a 10 MB lease, 4 MB of it used, the rest returned — one usage row of -4 MB.
    await internal(internalGatewayEndpoints.lease, { ...main, want_bytes: 10 * MB });
    await usage(used(null, 4 * MB));
    await internal(internalGatewayEndpoints.release, main);
    // The sub-account: 1 MB past any lease.
    await usage(used(a.subId, MB));
  });
  afterAll(() => t.close());

  const csv = (query: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `${apiUrl(trafficLinks.changesCsv)}?${new URLSearchParams({ format: 'csv', ...query }).toString()}`,
      headers,
    });
  const json = async (query: Record<string, string>, headers: Record<string, string>) =>
    successData(await trafficCalls(() => t).get('changelog', { page_size: '100', ...query }, headers)).list;
  /** The lines the screen's rows make, in the screen's order. */
  const linesOf = (rows: TrafficChange[]) =>
    rows.map((row) =>
      [
        row.time,
        row.since ?? '',
        row.kind,
        row.username ?? '',
        row.amount_bytes,
        row.balance_before_bytes,
        row.balance_after_bytes,
      ].join(','),
    );
  const bodyOf = (rows: TrafficChange[]) => [HEADER, ...linesOf(rows), ''].join('\r\n');

  it('holds every row of the range, usage rows included, as the screen orders them, in exact bytes', async () => {
    const response = await csv({ start_date: today, end_date: today, page_size: '1' }, a.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="traffic-changes-${today}-${today}.csv"`,
    );
    expect(response.headers['x-csv-truncated']).toBeUndefined();
    const rows = await json({ start_date: today, end_date: today }, a.headers);
    expect(response.body).toBe(bodyOf(rows));
    expect(rows.map((row) => [row.kind, row.username, row.amount_bytes])).toEqual([
      ['usage', a.username, -MB],
      ['usage', null, -4 * MB],
      ['allocate', a.username, 500 * MB],
      ['allocate', null, -500 * MB],
      ['adjustment', null, 2000 * MB],
    ]);
    const mainUsage = rows[1];
    const line = response.body.split('\r\n')[2];
    expect(line).toBe(`${mainUsage?.time},${mainUsage?.since},usage,,-4000000,1500000000,1496000000`);
    expect(mainUsage?.since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(response.body.split('\r\n')[4]).toMatch(/,,allocate,,-500000000,2000000000,1500000000$/);
  });

  it('takes the filters of the tab: owner, kind and range', async () => {
    const queries: Record<string, string>[] = [
      { subaccount_id: String(a.subId) },
      { subaccount_id: '0' },
      { kind: 'usage' },
      { kind: 'usage', subaccount_id: '0' },
    ];
    for (const query of queries) {
      const response = await csv(query, a.headers);
      expect(response.body).toBe(bodyOf(await json(query, a.headers)));
    }
    const subUsage = await csv({ kind: 'usage', subaccount_id: String(a.subId) }, a.headers);
    expect(subUsage.body.split('\r\n').slice(1, -1)).toEqual([
      expect.stringMatching(new RegExp(`^[^,]+,[^,]+,usage,${a.username},-1000000,500000000,499000000$`)),
    ]);
    const past = await csv({ start_date: '2020-01-01', end_date: '2020-01-31' }, a.headers);
    expect(past.body).toBe(`${HEADER}\r\n`);
    expect(past.headers['content-disposition']).toContain('traffic-changes-2020-01-01-2020-01-31.csv');
  });

  it("gives another account nothing of this one's", async () => {
    const other = await subaccountCalls(() => t).customer(1);
    const theirs = await csv({}, other.headers);
    expect(theirs.body).toBe(bodyOf(await json({}, other.headers)));
    expect(theirs.body.split('\r\n').slice(1, -1)).toEqual([
      expect.stringMatching(/,,adjustment,,1000000000,0,1000000000$/),
    ]);
    // This account's sub-account as the filter: refused, as the page is, not an empty file.
    const refused = await csv({ subaccount_id: String(a.subId) }, other.headers);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.body).not.toContain(a.username);
    expect(JSON.parse(refused.body)).toMatchObject({ code: ResultCode.NotFound, data: null });
    const signedOut = await csv({}, {});
    expect(signedOut.headers['content-type']).toContain('application/json');
    expect(envelopeSchema(z.unknown()).parse(JSON.parse(signedOut.body)).code).not.toBe(0);
  });

  it(`stops at ${CSV_MAX_ROWS} rows, newest first, and says so`, async () => {
    const heavy = await subaccountCalls(() => t).customer();
    // CSV_MAX_ROWS + 1 adjustments a second apart from two days ago: one row each.
    const start = dayOf(today, -2);
    await sql`insert into ledger_entries (account_id, asset, kind, amount, balance_after, created_at)
      select ${heavy.id}, 'traffic', 'adjustment', 1, n, ${`${start}T00:00:00Z`}::timestamptz + n * interval '1 second'
      from generate_series(1, ${CSV_MAX_ROWS + 1}) as n`.execute(t.ctx.db);
    const query = { start_date: start, end_date: today };
    const response = await csv(query, heavy.headers);
    expect(response.headers['x-csv-truncated']).toBe('true');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(CSV_MAX_ROWS + 1);
    expect(lines[1]).toMatch(new RegExp(`,,adjustment,,1,${CSV_MAX_ROWS},${CSV_MAX_ROWS + 1}$`));
    expect(lines.at(-1)).toMatch(/,,adjustment,,1,1,2$/);
    // The first day alone (86 400 rows) fits.
    const full = await csv({ start_date: start, end_date: start }, heavy.headers);
    expect(full.headers['x-csv-truncated']).toBeUndefined();
    expect(full.body.trimEnd().split('\r\n')).toHaveLength(86_400);
  });
});
