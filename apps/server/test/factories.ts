import { randomBytes } from 'node:crypto';
import { extractFirstLink } from '@resiport/testkit';
import { expect } from 'vitest';
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
  const response = await postForm(t, '/api/account/signup', { email, password, confirm: password });
  expect(response.code).toBe(0);
  const mail = await t.mailbox.waitForMail((m) => m.to.includes(email.toLowerCase()) && !earlier.has(m));
  return { email, password, activationLink: extractFirstLink(mail, '/api/account/activate') };
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
  const response = await postForm(t, '/api/account/login', { email, password });
  expect(response.code).toBe(0);
  return (response.data as { jwt_token: string }).jwt_token;
}

/** A signed-in customer: signed up, activated, logged in. */
export async function signedInAccount(t: TestApp, email = uniqueEmail()) {
  const account = await activatedAccount(t, email);
  return { ...account, token: await logIn(t, account.email, account.password) };
}

export const authHeader = (token: string) => ({ 'jwt-token': token });

/** The account behind a token, with its balances (from `/api/user/info`). */
export async function accountInfo(t: TestApp, token: string) {
  const info = await t.call({ method: 'GET', url: '/api/user/info', headers: authHeader(token) });
  expect(info.code).toBe(0);
  return info.data as { id: number; balance_cents: number; traffic_left_bytes: number };
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
