import { accountEndpoints, accountLinks, orderEndpoints, rechargeEndpoints } from '@resiport/contract';
import {
  apiUrl,
  endpointClient,
  extractFirstLink,
  fetchTransport,
  passThroughData,
  tokenHeader,
  type EndpointClient,
  type SmtpCapture,
} from '@resiport/testkit';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn, uniqueEmail } from './journey';

/** The API as a customer's own tool calls it (form-encoded, its token in JWT-TOKEN when given). */
export function customerApi(baseUrl: string, token?: string): EndpointClient {
  return endpointClient(fetchTransport(baseUrl), token === undefined ? {} : tokenHeader(token));
}

/** The activation link in a sign-up mail. */
export function activationLink(mail: Parameters<typeof extractFirstLink>[0]): string {
  return extractFirstLink(mail, apiUrl(accountLinks.activate));
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
  const api = customerApi(baseUrl);
  const signup = await api.call(accountEndpoints.signup, { email, password, confirm: password });
  expect(signup.code).toBe(0);
  await page.goto(activationLink(await mailbox.waitForMail({ to: email })));
  await signIn(page, baseUrl, email, password);
  const login = await api.data(accountEndpoints.login, { email, password });
  return { email, token: login.jwt_token };
}

/**
 * Buys traffic the real way, through the API: a top-up paid at the sandbox checkout, then an order
 * paid from the balance.
 */
export async function buyTraffic(baseUrl: string, token: string, gb: number): Promise<void> {
  const api = customerApi(baseUrl, token);
  const usd = Math.max(20, gb * 5);
  const checkout = await api.call(rechargeEndpoints.pay, { amount: String(usd) });
  expect(checkout.code).toBe(20302);
  const { url } = passThroughData(rechargeEndpoints.pay, 'GoToPayment', checkout);
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect([302, 303]).toContain(paid.status);
  await expect
    .poll(async () => (await api.data(accountEndpoints.userInfo, {})).balance_cents)
    .toBe(usd * 100);
  const order = await api.call(orderEndpoints.pay, { quantity: String(gb), way: 'balance' });
  expect(order.code).toBe(0);
}
