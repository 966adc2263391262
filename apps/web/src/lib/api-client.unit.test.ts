import { ResultCode, sessionSchema } from '@resiport/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, noData, type ApiClientDeps } from './api-client';
import { judgeEnvelope } from './api-envelope';
import { ApiError } from './api-error';

interface Call {
  url: string;
  init: RequestInit;
}

function setup(body: unknown, overrides: Partial<ApiClientDeps> = {}) {
  const calls: Call[] = [];
  const toasts: string[] = [];
  const onSessionExpired = vi.fn();
  const client = createApiClient({
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
    const { client, calls } = setup({ code: 0, msg: 'ok', data: null });
    await client.get('/x', { params: { a: 1, b: undefined, c: 'd e' }, schema: noData });
    expect(calls[0]?.url).toBe('/api/x?a=1&c=d+e');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.headers).toMatchObject({ 'JWT-TOKEN': 'tok', 'Accept-Language': 'ru' });
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('form-encodes POST bodies and leaves the token header out when signed out', async () => {
    const { client, calls } = setup({ code: 0, msg: 'ok', data: session }, { getToken: () => null });
    const reply = await client.post('/login', {
      params: { email: 'a@b.c', password: 'p&q' },
      schema: sessionSchema,
    });
    expect(reply).toEqual({ ok: true, msg: 'ok', data: session });
    expect(calls[0]?.url).toBe('/api/login');
    expect(calls[0]?.init.body).toBe('email=a%40b.c&password=p%26q');
    expect(calls[0]?.init.headers).toMatchObject({
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(calls[0]?.init.headers).not.toHaveProperty('JWT-TOKEN');
  });

  it('toasts and rejects other codes with code, msg and data', async () => {
    const data = { fields: { email: 'Please enter a valid email address' } };
    const { client, toasts } = setup({ code: ResultCode.ValidationFailed, msg: 'Check the fields', data });
    const error = await client.post('/signup', { schema: noData }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', code: 10001, message: 'Check the fields', data });
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Please enter a valid email address' });
    expect(toasts).toEqual(['Check the fields']);
  });

  it('clears the session on 10013 without a toast', async () => {
    const { client, toasts, onSessionExpired } = setup({ code: 10013, msg: 'expired', data: null });
    await expect(client.get('/user/info', { schema: noData })).rejects.toMatchObject({
      kind: 'session',
      code: 10013,
    });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
  });

  it('passes 20302 and 20402 through to call() untoasted', async () => {
    const { client, toasts } = setup({ code: 20302, msg: 'go', data: { url: 'https://pay' } });
    const reply = await client.call('POST', '/recharge/cryptomusPay', { schema: noData });
    expect(reply).toEqual({ ok: false, code: 20302, msg: 'go', data: { url: 'https://pay' } });
    expect(toasts).toEqual([]);
  });

  it('rejects a pass-through reaching get/post, still untoasted', async () => {
    const { client, toasts } = setup({ code: 20402, msg: 'short', data: null });
    await expect(client.post('/order/pay', { schema: noData })).rejects.toMatchObject({
      kind: 'passThrough',
    });
    expect(toasts).toEqual([]);
  });

  it('resolves a failure after the toast when asked to (recharge payment check)', async () => {
    const { client, toasts } = setup({ code: 50000, msg: 'not paid yet', data: null });
    const reply = await client.call('POST', '/recharge/checkPay', {
      schema: noData,
      passThroughAfterToast: true,
    });
    expect(reply).toMatchObject({ ok: false, code: 50000 });
    expect(toasts).toEqual(['not paid yet']);
  });

  it('stays quiet when asked to, but still rejects', async () => {
    const { client, toasts } = setup({ code: 50000, msg: 'down', data: null });
    await expect(
      client.get('/account/oauthProviders', { schema: noData, quiet: true }),
    ).rejects.toMatchObject({
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
    await expect(offline.client.get('/x', { schema: noData })).rejects.toMatchObject({
      kind: 'network',
      code: null,
    });
    expect(offline.toasts).toEqual(['fallback:network']);

    const html = setup('<html>');
    await expect(html.client.get('/x', { schema: noData })).rejects.toMatchObject({ kind: 'format' });
    const wrongShape = setup({ code: 0, msg: '', data: { jwt_token: 1 } });
    await expect(wrongShape.client.get('/x', { schema: sessionSchema })).rejects.toMatchObject({
      kind: 'format',
    });
    expect(wrongShape.toasts).toEqual(['fallback:format']);
  });
});
