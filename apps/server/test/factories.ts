import { randomBytes } from 'node:crypto';
import {
  accountEndpoints,
  accountLinks,
  type Endpoint,
  type EndpointInput,
  internalGatewayEndpoints,
  orderEndpoints,
  subEndpoints,
} from '@resiport/contract';
import { apiUrl, extractFirstLink, internalSecretHeader, successData } from '@resiport/testkit';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { post } from '../src/modules/ledger/ledger.service';
import type { TestApp } from './test-app';

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.test`;
export const GOOD_PASSWORD = 'Secret123';

export function form(values: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export async function postForm(
  t: TestApp,
  url: string,
  values: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const body = form(values);
  return t.call({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
}

/** Signs up through the API and returns the activation link from the real mail. */
export async function signUp(t: TestApp, email = uniqueEmail(), password = GOOD_PASSWORD) {
  const earlier = new Set(t.mailbox.mails);
  const response = await t.send(accountEndpoints.signup, { email, password, confirm: password });
  expect(response.code).toBe(0);
  const mail = await t.mailbox.waitForMail((m) => m.to.includes(email.toLowerCase()) && !earlier.has(m));
  return { email, password, activationLink: extractFirstLink(mail, apiUrl(accountLinks.activate)) };
}

/** Follows a link from a mail through the app (links carry the configured public URL). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export async function activatedAccount(t: TestApp, email = uniqueEmail(), password = GOOD_PASSWORD) {
  const { activationLink } = await signUp(t, email, password);
  const response = await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
  expect(response.headers.location).toContain('activation=activated');
  return { email, password };
}

export async function logIn(t: TestApp, email: string, password = GOOD_PASSWORD): Promise<string> {
  const response = await t.send(accountEndpoints.login, { email, password });
  expect(response.code).toBe(0);
  return successData(response).jwt_token;
}

/** A signed-in customer: signed up, activated, logged in. */
export async function signedInAccount(t: TestApp, email = uniqueEmail()) {
  const account = await activatedAccount(t, email);
  return { ...account, token: await logIn(t, account.email, account.password) };
}

export const authHeader = (token: string) => ({ 'jwt-token': token });

/** The account behind a token, with its balances (from apiUrl(accountEndpoints.userInfo)). */
export async function accountInfo(t: TestApp, token: string) {
  const info = await t.send(accountEndpoints.userInfo, {}, { token });
  expect(info.code).toBe(0);
  return successData(info);
}

/** Puts money on an account the way an operator adjustment would: one ledger entry. */
export async function fundAccount(t: TestApp, accountId: number, cents: number): Promise<void> {
  await t.ctx.db.transaction().execute(async (trx) => {
    const result = await post(trx, { accountId, asset: 'money', kind: 'adjustment', amount: BigInt(cents) });
    expect(result.ok).toBe(true);
  });
}

/** Presses a button on the sandbox checkout page, as the payer's browser would. */
export async function pressCheckout(
  url: string,
  action: 'pay' | 'pay_over' | 'underpay' | 'expire',
): Promise<void> {
  const response = await fetch(`${url}/${action}`, { method: 'POST', redirect: 'manual' });
  expect([302, 303]).toContain(response.status);
}

/** A signed-in customer with `cents` on the balance (through a ledger adjustment) and its account id. */
export async function fundedCustomer(t: TestApp, cents: number) {
  const account = await signedInAccount(t);
  const { id } = await accountInfo(t, account.token);
  if (cents > 0) await fundAccount(t, id, cents);
  return { ...account, id };
}

/** `orderEndpoints.pay` from a given source address (the trial is once per address). */
export function payOrder(
  t: TestApp,
  token: string,
  values: EndpointInput<typeof orderEndpoints.pay>,
  ip = '203.0.113.1',
) {
  return t.send(orderEndpoints.pay, values, { token, remoteAddress: ip });
}

/**
 * Conservation of an account's traffic (docs/architecture.md#ledger, with gateway leases): main left + used +
 * Σ sub-accounts (left + used) + open leases not yet used = what was put on the account.
 */
export async function trafficConserved(t: TestApp, accountId: number, purchased: bigint): Promise<boolean> {
  const { rows } = await sql<{ total: string; reserved_ok: boolean }>`
    select (a.traffic_left_bytes + a.traffic_used_bytes
      + coalesce((select sum(s.traffic_left_bytes + s.traffic_used_bytes) from subaccounts s where s.account_id = a.id), 0)
      + coalesce((select sum(l.granted_bytes - l.used_bytes) from traffic_leases l
                  where l.account_id = a.id and l.status = 'open'), 0))::text as total,
      -- Every owner's reserved counter is exactly its open leases' unused bytes (what "left" shows).
      (a.traffic_reserved_bytes = coalesce((select sum(l.granted_bytes - l.used_bytes) from traffic_leases l
          where l.account_id = a.id and l.subaccount_id is null and l.status = 'open'), 0)
        and not exists (select 1 from subaccounts s where s.account_id = a.id
          and s.traffic_reserved_bytes <> coalesce((select sum(l.granted_bytes - l.used_bytes)
            from traffic_leases l where l.subaccount_id = s.id and l.status = 'open'), 0))) as reserved_ok
    from accounts a where a.id = ${accountId}`.execute(t.ctx.db);
  return BigInt(rows[0]?.total ?? '-1') === purchased && rows[0]?.reserved_ok === true;
}

let subSerial = 0;

/**
 * A signed-in customer with `mainGb` GB of traffic on the main account (an adjustment) and one
 * sub-account created through the API, as the portal does, holding `subGb` of it.
 */
export async function customerWithSub(
  t: TestApp,
  options: { mainGb?: number; subGb: number; password?: string; prefix?: string },
) {
  const account = await signedInAccount(t);
  const headers = authHeader(account.token);
  const { id } = await accountInfo(t, account.token);
  const amount = BigInt(Math.round((options.mainGb ?? 1) * 1_000_000_000));
  await t.ctx.db
    .transaction()
    .execute((trx) => post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount }));
  const password = options.password ?? 'Line-pass.1';
  const username = `${options.prefix ?? 'subuser'}${Date.now().toString(36)}${++subSerial}`.slice(0, 24);
  const created = await t.send(
    subEndpoints.add,
    { username, password, traffic: String(options.subGb) },
    { token: account.token },
  );
  if (!created.ok) throw new Error(`passadd failed: ${JSON.stringify(created)}`);
  const subId = created.data.id;
  return { id, email: account.email, username, password, subId, token: account.token, headers };
}

/** A call to the gateways' internal API with the internal secret, as a gateway makes it. */
export function gatewayCall<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  body: EndpointInput<E>,
  secret = t.ctx.internalSecret,
) {
  return t.send(endpoint, body, { headers: internalSecretHeader(secret) });
}

/**
 * Moves the app's clock to just after the start of an hour, so a test counting up to a fixed-window
 * rate limit (windows of up to an hour) never straddles a window boundary.
 */
export function startOfFreshRateWindow(t: TestApp): void {
  const nowMs = t.ctx.clock().getTime();
  const hourMs = 3600_000;
  t.advanceClock((hourMs - (nowMs % hourMs)) / 1000 + 1);
}

/** A signed-in operator (the console's caller): a customer promoted as `npm run admin -- operator` does. */
export async function signedInOperator(t: TestApp, email = uniqueEmail('operator')) {
  const account = await signedInAccount(t, email);
  await t.ctx.db.updateTable('accounts').set({ role: 'operator' }).where('email', '=', email).execute();
  const { id } = await t.ctx.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { ...account, id };
}

/**
 * Moves the app's clock to 06:00 UTC of the next day, so a test of something counted per UTC day
 * (caps, auto-refill) cannot see the day turn while it runs.
 */
export function moveClockToMorningUtc(t: TestApp): void {
  const dayMs = 86_400_000;
  const now = t.ctx.clock().getTime();
  t.advanceClock((dayMs - (now % dayMs)) / 1000 + 6 * 3600);
}

let usageBatchSerial = 0;

/** A usage batch of one owner's download, as gateway process `instanceId` reports it (applied once). */
export function reportUsage(
  t: TestApp,
  instanceId: string,
  owner: { account_id: number; subaccount_id: number | null },
  bytes: number,
) {
  return gatewayCall(t, internalGatewayEndpoints.usage, {
    batch_id: `${instanceId}:${++usageBatchSerial}`,
    instance_id: instanceId,
    entries: [{ ...owner, bytes_up: 0, bytes_down: bytes, connections: 1 }],
  });
}
