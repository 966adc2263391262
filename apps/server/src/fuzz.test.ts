import { closedPort } from '@resiport/testkit';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, customerWithSub, fundAccount, logIn } from '../test/factories';
import { operationsOf, type Operation } from '../test/fuzz-operations';
import { requestFor, type FuzzRequest } from '../test/fuzz-requests';
import { createTestApp, type TestApp } from '../test/test-app';
import { whitelistEndpoints } from '@resiport/contract';

/**
 * The API fuzz suite (decision 020): every public route of /api/docs/json gets generated
 * requests, with and without a valid session where the route needs one. Asserted for every answer:
 * no 5xx; the `{code,msg,data}` envelope (a 2xx that is not JSON is a download); a non-zero code on
 * non-2xx; and the money, traffic and ownership state unchanged by every refused request.
 * Replay a run with FUZZ_SEED=<seed printed>.
 */

const RUNS_WITH_SESSION = 18;
const RUNS_WITHOUT_SESSION = 4;
/** Routes that answer a browser with a redirect (OAuth, activation links): 3xx is a fine answer there. */
const REDIRECTING = /oauth|\/account\/(activate|unlock2fa)$/;
/** The offline target of the proxy test answers like ipinfo.io (`{ip, country}`), not with the envelope. */
const NOT_ENVELOPE = /^\/api\/dynamic\/echo$/;

/** Counts and sums of what a refused request must never change. */
type Digest = Record<string, string>;

async function stateDigest(t: TestApp): Promise<Digest> {
  const { rows } = await sql<Record<string, string>>`
    select
      (select count(*)::text from accounts) as accounts,
      (select count(*)::text from accounts where status = 'active') as active_accounts,
      (select coalesce(sum(balance_cents), 0)::text from accounts) as balances,
      (select coalesce(sum(traffic_left_bytes), 0)::text || '/' || coalesce(sum(traffic_used_bytes), 0)::text
         || '/' || coalesce(sum(traffic_reserved_bytes), 0)::text from accounts) as account_traffic,
      (select coalesce(sum(token_version), 0)::text from accounts) as token_versions,
      (select count(*)::text || '/' || coalesce(sum(amount), 0)::text from ledger_entries) as ledger,
      (select count(*)::text from crypto_invoices) as invoices,
      (select count(*)::text from recharges) as recharges,
      (select count(*)::text from orders) as orders,
      (select count(*)::text from coupon_redemptions) as coupon_redemptions,
      (select count(*)::text from trial_claims) as trial_claims,
      (select count(*)::text || '/' || coalesce(sum(traffic_left_bytes), 0)::text
         || '/' || count(deleted_at)::text || '/' || count(*) filter (where status = 'active')::text
         || '/' || coalesce(md5(string_agg(username || ':' || remark || ':' || password_cipher, ',' order by id)), '')
       from subaccounts) as subaccounts,
      (select count(*)::text || '/' || coalesce(md5(string_agg(ip || ':' || remark, ',' order by id)), '')
       from whitelist_ips) as whitelist,
      (select count(*)::text from traffic_transfers) as transfers`.execute(t.ctx.db);
  return rows[0] ?? {};
}

interface Tally {
  sent: number;
  byStatus: Map<number, number>;
}

describe('API fuzz: generated requests over every public route', () => {
  let t: TestApp;
  let operations: Operation[];
  let session: { email: string; token: string };
  let knownIds: number[];
  const tally: Tally = { sent: 0, byStatus: new Map() };
  const problems: string[] = [];
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

  beforeAll(async () => {
    const closed = String(await closedPort());
    t = await createTestApp(
      {
        // The proxy test must fail fast (no gateway here), and never reach the internet.
        GATEWAY_HTTP_PORT: closed,
        GATEWAY_SOCKS_PORT: closed,
        PROXY_TEST_URL: `http://127.0.0.1:${closed}/`,
      },
      // The crypto checkout calls the bundled sandbox over HTTP.
      { listen: true },
    );
    const customer = await customerWithSub(t, { mainGb: 50, subGb: 1 });
    await fundAccount(t, customer.id, 1_000_000);
    const whitelisted = await t.send(
      whitelistEndpoints.add,
      { ip: '203.0.113.77' },
      { headers: customer.headers },
    );
    const account = await t.ctx.db
      .selectFrom('accounts')
      .select('email')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    session = { email: account.email, token: customer.token };
    const whitelistId = whitelisted.ok ? whitelisted.data.id : undefined;
    knownIds = [customer.id, customer.subId, ...(whitelistId ? [whitelistId] : []), 1, 2, 3];
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    operations = operationsOf(doc.json()).filter((op) => op.path.startsWith('/api/'));
  });
  afterAll(async () => {
    console.log(
      `API fuzz: sent ${tally.sent} requests over ${operations.length} routes (seed ${seed}); statuses ` +
        [...tally.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
    );
    await t.close();
  });

  /** Sends one request and returns the state after it; what went wrong is added to `problems`. */
  async function send(op: Operation, request: FuzzRequest, withSession: boolean, before: Digest) {
    const headers = withSession ? { ...request.headers, ...authHeader(session.token) } : request.headers;
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      headers,
      payload: request.payload,
    });
    tally.sent += 1;
    tally.byStatus.set(response.statusCode, (tally.byStatus.get(response.statusCode) ?? 0) + 1);
    const failed = (why: string) =>
      problems.push(
        `${why}: ${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers)} ` +
          `${(request.payload ?? '').slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    if (response.statusCode >= 500) failed('5xx');
    const redirect = response.statusCode >= 300 && response.statusCode < 400;
    if (redirect && !REDIRECTING.test(op.path)) failed('unexpected redirect');
    const isJson = String(response.headers['content-type']).startsWith('application/json');
    let code = 0;
    const envelope = !NOT_ENVELOPE.test(op.path) || response.statusCode >= 400;
    if (!redirect && envelope && (isJson || response.statusCode >= 400)) {
      const body = isJson ? response.json<Partial<Record<'code' | 'msg' | 'data', unknown>>>() : {};
      if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) {
        failed('not the envelope');
      } else {
        code = body.code;
        if (response.statusCode >= 400 && code === 0) failed('code 0 on a failure');
      }
    }
    const after = await stateDigest(t);
    // Refused: a failure status, or a 200 whose code is not success (20302 "go to payment" made an invoice).
    const refused = response.statusCode >= 400 || (code !== 0 && code !== 20302);
    if (refused && JSON.stringify(after) !== JSON.stringify(before)) {
      failed(`refused, yet the state changed (${JSON.stringify(before)} → ${JSON.stringify(after)})`);
    }
    // A route that revoked the session (none should, with generated input) would blind the rest.
    if (withSession && code === 10013) session.token = await logIn(t, session.email);
    return after;
  }

  it('sends ≥ 1,000 requests: no 5xx, always the envelope, nothing changed by refused requests', async () => {
    expect(operations.length).toBeGreaterThan(40);
    let state = await stateDigest(t);
    for (const [index, op] of operations.entries()) {
      const runs: [boolean, number][] = op.secured
        ? [
            [true, RUNS_WITH_SESSION],
            [false, RUNS_WITHOUT_SESSION],
          ]
        : [[false, RUNS_WITH_SESSION]];
      for (const [withSession, numRuns] of runs) {
        for (const request of fc.sample(requestFor(op, knownIds), { numRuns, seed: seed + index })) {
          state = await send(op, request, withSession, state);
        }
      }
    }
    if (problems.length > 0) console.log(`API fuzz problems:\n${problems.join('\n')}`);
    expect(problems).toEqual([]);
    expect(tally.sent).toBeGreaterThanOrEqual(1000);
  }, 120_000);
});
