import {
  accountEndpoints,
  orderEndpoints,
  rechargeEndpoints,
  ResultCode,
  subEndpoints,
} from '@resiport/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { judgeEnvelope } from './api-envelope';
import type { ApiClientDeps, ResponseLike } from './api-options';
import { ApiError } from './api-error';

interface Call {
  url: string;
  init: RequestInit;
}

function setup(body: unknown, overrides: Partial<ApiClientDeps<ResponseLike>> = {}) {
  const calls: Call[] = [];
  const toasts: string[] = [];
  const onSessionExpired = vi.fn();
  const client = createApiClient<ResponseLike>({
    fetch: async (url, init) => {
      calls.push({ url, init });
      return { json: async () => body };
    },
    baseUrl: '/api',
    getToken: () => 'tok',
    getAcceptLanguage: () => 'ru',
    toastError: (msg) => toasts.push(msg),
    onSessionExpired,
    fallbackMessage: (reason) => `fallback:${reason}`,
    ...overrides,
  });
  return { client, calls, toasts, onSessionExpired };
}

const session = { jwt_token: 'j', expire_at: 1 };
const emptySubList = { list: [], total: 0, page: 1, page_size: 10, main_traffic_left_bytes: 0 };
const checkout = { url: 'https://pay', recharge_id: 7, amount_cents: 2500, fee_cents: 75, total_cents: 2575 };
const signUp = { email: 'a@b.c', password: 'secret12', confirm: 'secret12', lang: 'en-us' } as const;
const buyTenGb = { quantity: '10', idempotency_key: 'order-key-1' };

describe('judgeEnvelope', () => {
  it('treats code 0 and a missing code as success', () => {
    expect(judgeEnvelope({ code: 0, msg: 'ok', data: 1 })).toEqual({ kind: 'success', msg: 'ok', data: 1 });
    expect(judgeEnvelope({ data: 2 })).toEqual({ kind: 'success', msg: '', data: 2 });
  });

  it('treats success === false as a failure even with code 0', () => {
    expect(judgeEnvelope({ code: 0, msg: 'no', success: false }).kind).toBe('failure');
  });

  it('separates session expiry, pass-through and failures', () => {
    expect(judgeEnvelope({ code: 10013, msg: '' }).kind).toBe('sessionExpired');
    expect(judgeEnvelope({ code: 20302, msg: '' }).kind).toBe('passThrough');
    expect(judgeEnvelope({ code: 20402, msg: '' }).kind).toBe('passThrough');
    expect(judgeEnvelope({ code: 10005, msg: '' }).kind).toBe('failure');
  });

  it('calls anything else malformed', () => {
    expect(judgeEnvelope('<html>').kind).toBe('malformed');
    expect(judgeEnvelope({ code: '0' }).kind).toBe('malformed');
  });
});

describe('createApiClient', () => {
  it('sends GET parameters in the query with the token and language headers', async () => {
    const { client, calls } = setup({ code: 0, msg: 'ok', data: emptySubList });
    await client.send(subEndpoints.list, { page: 1, id: undefined, search: 'd e' });
    expect(calls[0]?.url).toBe('/api/auth/sublist?page=1&search=d+e');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.headers).toMatchObject({ 'JWT-TOKEN': 'tok', 'Accept-Language': 'ru' });
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('form-encodes POST bodies and leaves the token header out when signed out', async () => {
    const { client, calls } = setup({ code: 0, msg: 'ok', data: session }, { getToken: () => null });
    const reply = await client.send(accountEndpoints.login, { email: 'a@b.c', password: 'p&q' });
    expect(reply).toEqual({ ok: true, msg: 'ok', data: session });
    expect(calls[0]?.url).toBe('/api/account/login');
    expect(calls[0]?.init.body).toBe('email=a%40b.c&password=p%26q');
    expect(calls[0]?.init.headers).toMatchObject({
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(calls[0]?.init.headers).not.toHaveProperty('JWT-TOKEN');
  });

  it('toasts and rejects other codes with code, msg and data', async () => {
    const data = { fields: { email: 'Please enter a valid email address' } };
    const { client, toasts } = setup({ code: ResultCode.ValidationFailed, msg: 'Check the fields', data });
    const error = await client.send(accountEndpoints.signup, signUp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', code: 10001, message: 'Check the fields', data });
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Please enter a valid email address' });
    expect(toasts).toEqual(['Check the fields']);
  });

  it('clears the session on 10013 without a toast', async () => {
    const { client, toasts, onSessionExpired } = setup({ code: 10013, msg: 'expired', data: null });
    await expect(client.send(accountEndpoints.userInfo, {})).rejects.toMatchObject({
      kind: 'session',
      code: 10013,
    });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    // The server's reason goes along, for the sign-in page to show.
    expect(onSessionExpired).toHaveBeenCalledWith('expired');
    expect(toasts).toEqual([]);
  });

  it('passes 20302 and 20402 through to call() untoasted', async () => {
    const { client, toasts } = setup({ code: 20302, msg: 'go', data: checkout });
    const reply = await client.call(rechargeEndpoints.pay, { amount: '25', idempotency_key: 'top-up-key-1' });
    expect(reply).toEqual({ ok: false, code: 20302, msg: 'go', data: checkout });
    expect(toasts).toEqual([]);
  });

  it('rejects a pass-through reaching send(), still untoasted', async () => {
    const { client, toasts } = setup({ code: 20402, msg: 'short', data: null });
    await expect(client.send(orderEndpoints.pay, buyTenGb)).rejects.toMatchObject({
      kind: 'passThrough',
    });
    expect(toasts).toEqual([]);
  });

  it('resolves a failure after the toast when asked to (recharge payment check)', async () => {
    const { client, toasts } = setup({ code: 50000, msg: 'not paid yet', data: null });
    const reply = await client.call(
      rechargeEndpoints.check,
      { recharge_id: 7 },
      { passThroughAfterToast: true },
    );
    expect(reply).toMatchObject({ ok: false, code: 50000 });
    expect(toasts).toEqual(['not paid yet']);
  });

  it('stays quiet when asked to, but still rejects', async () => {
    const { client, toasts } = setup({ code: 50000, msg: 'down', data: null });
    await expect(client.send(accountEndpoints.oauthProviders, {}, { quiet: true })).rejects.toMatchObject({
      code: 50000,
    });
    expect(toasts).toEqual([]);
  });

  it('reports network failures and malformed answers with localized fallbacks', async () => {
    const offline = setup(null, {
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.client.send(accountEndpoints.userInfo, {})).rejects.toMatchObject({
      kind: 'network',
      code: null,
    });
    expect(offline.toasts).toEqual(['fallback:network']);

    const html = setup('<html>');
    await expect(html.client.send(accountEndpoints.userInfo, {})).rejects.toMatchObject({ kind: 'format' });
    const wrongShape = setup({ code: 0, msg: '', data: { jwt_token: 1 } });
    await expect(wrongShape.client.send(accountEndpoints.refreshToken, {})).rejects.toMatchObject({
      kind: 'format',
    });
    expect(wrongShape.toasts).toEqual(['fallback:format']);
  });

  it("parses a pass-through's data with the endpoint's schema for that code", async () => {
    const shortfall = { amount_cents: 1000, balance_cents: 250, missing_cents: 750 };
    const short = setup({ code: 20402, msg: '', data: { ...shortfall, unknown_field: 'dropped' } });
    const reply = await short.client.call(orderEndpoints.pay, buyTenGb);
    expect(reply).toEqual({ ok: false, code: 20402, msg: '', data: shortfall });

    const wrongShape = setup({ code: 20402, msg: '', data: { url: 'https://pay' } });
    await expect(wrongShape.client.call(orderEndpoints.pay, buyTenGb)).rejects.toMatchObject({
      kind: 'format',
    });
    expect(wrongShape.toasts).toEqual(['fallback:format']);

    // 10040 is a pass-through code, but not one /order/pay declares: nobody could act on it.
    const undeclared = setup({ code: ResultCode.TwoFactorRequired, msg: 'code?', data: null });
    await expect(undeclared.client.call(orderEndpoints.pay, buyTenGb)).rejects.toMatchObject({
      kind: 'passThrough',
      code: ResultCode.TwoFactorRequired,
    });
    expect(undeclared.toasts).toEqual([]);
  });
});
