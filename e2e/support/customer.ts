import { extractFirstLink, type SmtpCapture } from '@resiport/testkit';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn, uniqueEmail } from './journey';

/** Calls the API as a customer would (form-encoded, JWT-TOKEN), returning the parsed envelope. */
export async function apiCall(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  values: Record<string, string> = {},
): Promise<{ code: number; msg: string; data: unknown }> {
  const query = method === 'GET' ? `?${String(new URLSearchParams(values))}` : '';
  const response = await fetch(`${baseUrl}/api${path}${query}`, {
    method,
    headers: { 'jwt-token': token },
    ...(method === 'POST' ? { body: new URLSearchParams(values) } : {}),
  });
  return (await response.json()) as { code: number; msg: string; data: unknown };
}

/**
 * A customer signed up through the API, activated with the link from the real mail and signed in
 * in the page; returns an API token of its own for setting things up quickly.
 */
export async function signedInCustomer(
  page: Page,
  baseUrl: string,
  mailbox: SmtpCapture,
  label: string,
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const password = 'Customer123';
  const signup = await fetch(`${baseUrl}/api/account/signup`, {
    method: 'POST',
    body: new URLSearchParams({ email, password, confirm: password }),
  });
  expect(((await signup.json()) as { code: number }).code).toBe(0);
  await page.goto(extractFirstLink(await mailbox.waitForMail({ to: email }), '/api/account/activate'));
  await signIn(page, baseUrl, email, password);
  const login = await fetch(`${baseUrl}/api/account/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
  });
  const { data } = (await login.json()) as { data: { jwt_token: string } };
  return { email, token: data.jwt_token };
}

/**
 * Buys traffic the real way, through the API: a top-up paid at the sandbox checkout, then an order
 * paid from the balance.
 */
export async function buyTraffic(baseUrl: string, token: string, gb: number): Promise<void> {
  const usd = Math.max(20, gb * 5);
  const checkout = await apiCall(baseUrl, token, 'POST', '/recharge/cryptomusPay', { amount: String(usd) });
  expect(checkout.code).toBe(20302);
  const { url } = checkout.data as { url: string };
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect([302, 303]).toContain(paid.status);
  await expect
    .poll(
      async () =>
        ((await apiCall(baseUrl, token, 'GET', '/user/info')).data as { balance_cents: number })
          .balance_cents,
    )
    .toBe(usd * 100);
  const order = await apiCall(baseUrl, token, 'POST', '/order/pay', { quantity: String(gb), way: 'balance' });
  expect(order.code).toBe(0);
}
