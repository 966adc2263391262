import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  SANDBOX_KEY,
  SANDBOX_MERCHANT,
  startCryptomusSandbox,
  type RunningSandbox,
} from '../../../../test/cryptomus-sandbox-harness';
import { createCryptomusClient, type CreateInvoiceInput, type CryptomusClient } from '../cryptomus-client';
import { CryptomusError } from '../cryptomus-error';
import { signRequest } from '../signature';

const orderId = () => `rc_${randomBytes(6).toString('hex')}`;
const invoice = (overrides: Partial<CreateInvoiceInput> = {}): CreateInvoiceInput => ({
  orderId: orderId(),
  amountCents: 2575n,
  currency: 'USD',
  urlCallback: 'https://shop.test/api/recharge/cryptomus/webhook',
  urlReturn: 'https://shop.test/client/recharge',
  urlSuccess: 'https://shop.test/client/recharge?paid=1',
  lifetimeSeconds: 900,
  ...overrides,
});

/** A hand-made signed call, to send what our client never would. */
async function rawCall(s: RunningSandbox, path: string, body: string, sign = signRequest(body, SANDBOX_KEY)) {
  const response = await fetch(`${s.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', merchant: SANDBOX_MERCHANT, sign },
    body,
  });
  return { status: response.status, body: z.record(z.string(), z.unknown()).parse(await response.json()) };
}

describe('Cryptomus sandbox: merchant API through the real client', () => {
  let s: RunningSandbox;
  let client: CryptomusClient;
  beforeAll(async () => {
    s = await startCryptomusSandbox();
    client = createCryptomusClient({
      baseUrl: s.baseUrl,
      merchantId: SANDBOX_MERCHANT,
      paymentKey: SANDBOX_KEY,
    });
  });
  afterAll(() => s.close());

  it('creates an invoice with a checkout URL and an expiry of created + lifetime', async () => {
    const before = Date.now();
    const payment = await client.createInvoice(invoice({ amountCents: 2001n }));
    expect(payment).toMatchObject({ amountCents: 2001n, currency: 'USD', status: 'check', isFinal: false });
    expect(payment.url).toBe(`${s.baseUrl}/pay/${payment.uuid}`);
    const expiresMs = payment.expiresAt?.getTime() ?? 0;
    expect(expiresMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 900_000);
    expect(expiresMs).toBeLessThanOrEqual(Date.now() + 900_000);
  });

  it('answers a repeated order_id with the existing invoice, also when ten creates race', async () => {
    const first = await client.createInvoice(invoice({ orderId: 'same-order' }));
    const again = await client.createInvoice(invoice({ orderId: 'same-order', amountCents: 99_999n }));
    expect(again).toMatchObject({ uuid: first.uuid, amountCents: first.amountCents });
    const racing = orderId();
    const uuids = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.createInvoice(invoice({ orderId: racing })).then((p) => p.uuid),
      ),
    );
    expect(new Set(uuids).size).toBe(1);
  });

  it('reads an invoice back by uuid and by order_id', async () => {
    const created = await client.createInvoice(invoice());
    expect(await client.paymentInfo({ uuid: created.uuid })).toEqual(created);
    expect(await client.paymentInfo({ orderId: created.orderId })).toEqual(created);
    const missing = await client.paymentInfo({ orderId: 'nobody' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ kind: 'http', httpStatus: 404, message: 'Payment not found' });
    const notUuid = await client.paymentInfo({ uuid: "1' or '1'='1" }).catch((e: unknown) => e);
    expect(notUuid).toMatchObject({ httpStatus: 404 });
  });

  it('refuses a wrong key or merchant with "Invalid Sign." and stores nothing', async () => {
    const order = orderId();
    for (const options of [
      { merchantId: SANDBOX_MERCHANT, paymentKey: 'wrong-key' },
      { merchantId: 'another-merchant', paymentKey: SANDBOX_KEY },
    ]) {
      const error = await createCryptomusClient({ baseUrl: s.baseUrl, ...options })
        .createInvoice(invoice({ orderId: order }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CryptomusError);
      expect(error).toMatchObject({ kind: 'http', httpStatus: 401, message: 'Invalid Sign.' });
    }
    await expect(client.paymentInfo({ orderId: order })).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('checks the sign over the exact bytes: re-escaping only the signed copy fails (the SDK bug)', async () => {
    const body = JSON.stringify({
      amount: '20.00',
      currency: 'USD',
      order_id: orderId(),
      url_callback: 'https://a.test/x',
    });
    const phpSign = signRequest(body.replaceAll('/', '\\/'), SANDBOX_KEY);
    expect((await rawCall(s, '/v1/payment', body, phpSign)).status).toBe(401);
    expect((await rawCall(s, '/v1/payment', body.replaceAll('/', '\\/'), phpSign)).status).toBe(200);
    expect((await rawCall(s, '/v1/payment', body, '')).body).toEqual({ message: 'Invalid Sign.' });
  });

  it('validates like Cryptomus: 422 with per-field rule keys', async () => {
    const bad = JSON.stringify({ amount: '10.001', currency: 'USD', order_id: 'no spaces', lifetime: 10 });
    expect(await rawCall(s, '/v1/payment', bad)).toEqual({
      status: 422,
      body: {
        state: 1,
        errors: {
          amount: ['validation.decimal'],
          order_id: ['validation.alpha_dash'],
          lifetime: ['validation.between.numeric'],
        },
      },
    });
    expect((await rawCall(s, '/v1/payment', 'not json')).body).toMatchObject({
      errors: { amount: ['validation.required'] },
    });
    expect((await rawCall(s, '/v1/payment/info', '{}')).status).toBe(422);
    const error = await client.createInvoice(invoice({ lifetimeSeconds: 5 })).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'http',
      httpStatus: 422,
      errors: { lifetime: ['validation.between.numeric'] },
    });
  });

  it('never writes the key or a sign to its logs', () => {
    const text = s.logs.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(SANDBOX_KEY);
    expect(text).not.toMatch(/"sign"\s*:\s*"[0-9a-f]{32}"/);
  });
});
