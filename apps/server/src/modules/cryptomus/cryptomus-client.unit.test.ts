import { describe, expect, it } from 'vitest';
import { createCryptomusClient, type CreateInvoiceInput } from './cryptomus-client';
import { CryptomusError } from './cryptomus-error';
import { signRequest } from './signature';

const KEY = 'payment-key-secret';
const invoice: CreateInvoiceInput = {
  orderId: 'rc_42',
  amountCents: 2575n,
  currency: 'USD',
  urlCallback: 'https://shop.test/api/hook',
  urlReturn: 'https://shop.test/client/recharge',
  urlSuccess: 'https://shop.test/client/recharge?paid=1',
  lifetimeSeconds: 3600,
};
const paymentObject = {
  uuid: '70b8db5c-b952-406d-af26-4e1c34c27f15',
  order_id: 'rc_42',
  amount: '25.75',
  currency: 'USD',
  payment_status: 'check',
  status: 'check',
  url: 'https://pay.cryptomus.com/pay/70b8db5c-b952-406d-af26-4e1c34c27f15',
  expired_at: 1689099831,
  is_final: false,
  some_future_field: { nested: true },
};

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that records the request and answers with the given status and body. */
function fakeFetch(status: number, answer: unknown, seen: Seen[] = []): typeof fetch {
  return (input, init) => {
    seen.push({
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers: init?.headers as Record<string, string>,
      body: init?.body as string,
    });
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    return Promise.resolve(new Response(text, { status }));
  };
}

const client = (f: typeof fetch, timeoutMs?: number) =>
  createCryptomusClient({
    baseUrl: 'https://api.test/',
    merchantId: 'm-1',
    paymentKey: KEY,
    fetch: f,
    timeoutMs,
  });

async function failure(promise: Promise<unknown>): Promise<CryptomusError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CryptomusError)) throw new Error(`expected a CryptomusError, got ${String(error)}`);
  expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(KEY);
  return error;
}

describe('createCryptomusClient', () => {
  it('creates an invoice: signed exact body, decimal amount string, typed answer', async () => {
    const seen: Seen[] = [];
    const payment = await client(fakeFetch(200, { state: 0, result: paymentObject }, seen)).createInvoice(
      invoice,
    );
    const [request] = seen;
    expect(request?.url).toBe('https://api.test/v1/payment');
    expect(request?.headers).toMatchObject({ merchant: 'm-1', 'content-type': 'application/json' });
    expect(request?.headers.sign).toBe(signRequest(request?.body ?? '', KEY));
    expect(JSON.parse(request?.body ?? '')).toEqual({
      amount: '25.75',
      currency: 'USD',
      order_id: 'rc_42',
      url_callback: invoice.urlCallback,
      url_return: invoice.urlReturn,
      url_success: invoice.urlSuccess,
      lifetime: 3600,
      is_payment_multiple: false,
    });
    expect(payment).toMatchObject({
      uuid: paymentObject.uuid,
      orderId: 'rc_42',
      amountCents: 2575n,
      status: 'check',
      isFinal: false,
      url: paymentObject.url,
      expiresAt: new Date(1689099831 * 1000),
    });
  });

  it('reads payment info by uuid or by order_id', async () => {
    const seen: Seen[] = [];
    const api = client(
      fakeFetch(200, { state: 0, result: { ...paymentObject, status: 'paid', is_final: true } }, seen),
    );
    expect((await api.paymentInfo({ uuid: 'u-1' })).status).toBe('paid');
    await api.paymentInfo({ orderId: 'rc_42' });
    expect(seen.map((s) => [s.url, s.body])).toEqual([
      ['https://api.test/v1/payment/info', '{"uuid":"u-1"}'],
      ['https://api.test/v1/payment/info', '{"order_id":"rc_42"}'],
    ]);
  });

  it('turns provider failures into CryptomusError with the provider’s message', async () => {
    const sign = await failure(client(fakeFetch(401, { message: 'Invalid Sign.' })).createInvoice(invoice));
    expect(sign).toMatchObject({ kind: 'http', httpStatus: 401, message: 'Invalid Sign.' });
    const validation = await failure(
      client(
        fakeFetch(422, {
          state: 1,
          errors: { amount: ['validation.decimal'], order_id: ['validation.alpha_dash'] },
        }),
      ).createInvoice(invoice),
    );
    expect(validation.message).toBe('amount: validation.decimal; order_id: validation.alpha_dash');
    expect(validation.errors).toEqual({
      amount: ['validation.decimal'],
      order_id: ['validation.alpha_dash'],
    });
    const business = await failure(
      client(fakeFetch(200, { state: 1, message: 'Payment not found' })).paymentInfo({ uuid: 'x' }),
    );
    expect(business).toMatchObject({ kind: 'api', message: 'Payment not found' });
    const html = await failure(client(fakeFetch(502, '<html>Bad gateway</html>')).paymentInfo({ uuid: 'x' }));
    expect(html).toMatchObject({ kind: 'invalid_response', httpStatus: 502 });
  });

  it('refuses answers it cannot trust: wrong shape, or an amount that is not exact cents', async () => {
    const noUrl = { state: 0, result: { ...paymentObject, url: undefined } };
    expect((await failure(client(fakeFetch(200, noUrl)).paymentInfo({ uuid: 'x' }))).kind).toBe(
      'invalid_response',
    );
    const cryptoAmount = { state: 0, result: { ...paymentObject, amount: '0.00012345' } };
    expect((await failure(client(fakeFetch(200, cryptoAmount)).paymentInfo({ uuid: 'x' }))).kind).toBe(
      'invalid_response',
    );
    const noStatus = { state: 0, result: { ...paymentObject, status: null, payment_status: null } };
    expect((await failure(client(fakeFetch(200, noStatus)).paymentInfo({ uuid: 'x' }))).kind).toBe(
      'invalid_response',
    );
  });

  it('reports network failures and timeouts without the request', async () => {
    const refused: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    const network = await failure(client(refused).createInvoice(invoice));
    expect(network).toMatchObject({
      kind: 'network',
      message: 'request failed: fetch failed (ECONNREFUSED)',
    });
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        // A fetch stand-in rejects as fetch does, with the signal's reason (typed `any`: the timeout's error).
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    expect(await failure(client(hanging, 20).createInvoice(invoice))).toMatchObject({ kind: 'timeout' });
  });

  it('refuses amounts that are not whole cents before sending anything', async () => {
    const seen: Seen[] = [];
    await expect(
      client(fakeFetch(200, {}, seen)).createInvoice({ ...invoice, amountCents: 10.5 }),
    ).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(0);
  });
});
