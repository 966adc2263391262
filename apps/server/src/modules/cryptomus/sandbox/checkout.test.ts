import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  SANDBOX_KEY,
  SANDBOX_MERCHANT,
  startCryptomusSandbox,
  startWebhookReceiver,
  type RunningSandbox,
  type WebhookReceiver,
} from '../../../../test/cryptomus-sandbox-harness';
import { createCryptomusClient, type CryptomusClient } from '../cryptomus-client';
import type { CryptomusPayment } from '../payment-object';
import { signRequest, verifyWebhookSignature } from '../signature';
import { parseWebhook } from '../webhook';

const SUCCESS = 'https://shop.test/client/recharge?paid=1';
const RETURN = 'https://shop.test/client/recharge';

describe('Cryptomus sandbox: checkout page, buttons and signed webhooks', () => {
  let s: RunningSandbox;
  let hooks: WebhookReceiver;
  let client: CryptomusClient;
  beforeAll(async () => {
    [s, hooks] = await Promise.all([startCryptomusSandbox(), startWebhookReceiver()]);
    client = createCryptomusClient({
      baseUrl: s.baseUrl,
      merchantId: SANDBOX_MERCHANT,
      paymentKey: SANDBOX_KEY,
    });
  });
  afterAll(async () => {
    await s.close();
    await hooks.close();
  });
  beforeEach(() => {
    hooks.received.length = 0;
    hooks.answerWith(200);
  });

  const newInvoice = (additionalData = 'plan/5gb · Пополнение') =>
    client.createInvoice({
      orderId: `rc_${randomBytes(6).toString('hex')}`,
      amountCents: 2060n,
      currency: 'USD',
      urlCallback: hooks.url,
      urlReturn: RETURN,
      urlSuccess: SUCCESS,
      lifetimeSeconds: 600,
      additionalData,
    });

  /** What the payer's browser does: POST the button's form and look where it is sent. */
  async function press(payment: CryptomusPayment, action: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${payment.url}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location') };
  }

  const webhookStatuses = () =>
    hooks.received.map((h) => parseWebhook(h.body, SANDBOX_KEY)).map((r) => r.ok && r.webhook.status);

  it('shows the invoice, clearly labelled, in English or Russian', async () => {
    const payment = await newInvoice();
    const page = await fetch(payment.url);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Cryptomus sandbox — no real money');
    expect(html).toContain('20.60 USD');
    for (const label of ['Pay', 'Pay over', 'Underpay', 'Let expire']) {
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).toContain(`action="/sandbox/cryptomus/pay/${payment.uuid}/pay_over"`);
    const ru = await (await fetch(payment.url, { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).text();
    expect(ru).toContain('Песочница Cryptomus — без реальных денег');
    expect(ru).toContain('>Оплатить</button>');
    const missing = await fetch(`${s.baseUrl}/pay/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Invoice not found');
  });

  it('"Pay" sends one signed webhook PHP-style, then returns the payer to the success URL', async () => {
    const payment = await newInvoice();
    expect(await press(payment, 'pay')).toEqual({ status: 303, location: SUCCESS });
    expect(hooks.received).toHaveLength(1);
    const raw = hooks.received[0]?.body ?? '';
    expect(raw).toContain('"additional_data":"plan\\/5gb · Пополнение"'); // slashes escaped, UTF-8 raw
    expect(raw).toMatch(/,"sign":"[0-9a-f]{32}"}$/);
    expect(verifyWebhookSignature(raw, SANDBOX_KEY).ok).toBe(true);
    expect(verifyWebhookSignature(raw, 'another-key').ok).toBe(false);
    expect(parseWebhook(raw, SANDBOX_KEY)).toMatchObject({
      ok: true,
      webhook: {
        uuid: payment.uuid,
        orderId: payment.orderId,
        status: 'paid',
        isFinal: true,
        amountCents: 2060n,
      },
    });
    expect(JSON.parse(raw)).toMatchObject({ type: 'payment', payer_amount: '20.60', currency: 'USD' });
    expect(await client.paymentInfo({ uuid: payment.uuid })).toMatchObject({ status: 'paid', isFinal: true });

    // A second press changes nothing and sends nothing; the page now shows the closed invoice.
    expect(await press(payment, 'pay')).toEqual({
      status: 303,
      location: `/sandbox/cryptomus/pay/${payment.uuid}`,
    });
    expect(hooks.received).toHaveLength(1);
    expect(await (await fetch(payment.url)).text()).toContain('This invoice is closed.');
  });

  it('ten simultaneous presses settle the invoice once', async () => {
    const payment = await newInvoice();
    await Promise.all(Array.from({ length: 10 }, (_, i) => press(payment, i % 2 ? 'pay' : 'pay_over')));
    expect(hooks.received).toHaveLength(1);
    expect(['paid', 'paid_over']).toContain((await client.paymentInfo({ uuid: payment.uuid })).status);
  });

  it('"Pay over" pays more; "Underpay" closes as wrong_amount and returns to the store', async () => {
    const over = await newInvoice();
    expect((await press(over, 'pay_over')).location).toBe(SUCCESS);
    expect(JSON.parse(hooks.received[0]?.body ?? '{}')).toMatchObject({
      status: 'paid_over',
      payment_amount: '22.66',
      payer_amount: '20.60',
    });
    const under = await newInvoice();
    expect((await press(under, 'underpay')).location).toBe(RETURN);
    expect(JSON.parse(hooks.received[1]?.body ?? '{}')).toMatchObject({
      status: 'wrong_amount',
      is_final: true,
      payment_amount: '10.30',
      payer_amount: '20.60',
    });
    expect(await client.paymentInfo({ uuid: under.uuid })).toMatchObject({
      status: 'wrong_amount',
      isFinal: true,
      paymentAmount: '10.30',
      payerAmount: '20.60',
    });
  });

  it('with is_payment_multiple (Cryptomus’ default) an underpayment waits for the rest', async () => {
    const body = JSON.stringify({
      amount: '30.00',
      currency: 'USD',
      order_id: `m_${randomBytes(4).toString('hex')}`,
      url_callback: hooks.url,
    });
    const created = await fetch(`${s.baseUrl}/v1/payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        merchant: SANDBOX_MERCHANT,
        sign: signRequest(body, SANDBOX_KEY),
      },
      body,
    });
    const { uuid } = z.object({ result: z.object({ uuid: z.string() }) }).parse(await created.json()).result;
    const payment = await client.paymentInfo({ uuid });
    expect(await press(payment, 'underpay')).toMatchObject({ location: `/sandbox/cryptomus/pay/${uuid}` });
    expect(await client.paymentInfo({ uuid })).toMatchObject({
      status: 'wrong_amount_waiting',
      isFinal: false,
    });
    await press(payment, 'pay');
    expect(await client.paymentInfo({ uuid })).toMatchObject({
      status: 'paid',
      isFinal: true,
      paymentAmount: '30.00',
      payerAmount: '30.00',
    });
    expect(webhookStatuses()).toEqual(['wrong_amount_waiting', 'paid']);
  });

  it('"Let expire" closes the invoice as cancel; paying afterwards is refused', async () => {
    const payment = await newInvoice();
    expect((await press(payment, 'expire')).location).toBe(RETURN);
    expect(await press(payment, 'pay')).toMatchObject({ location: `/sandbox/cryptomus/pay/${payment.uuid}` });
    expect(webhookStatuses()).toEqual(['cancel']);
    expect(await client.paymentInfo({ orderId: payment.orderId })).toMatchObject({
      status: 'cancel',
      isFinal: true,
    });
  });

  it('an invoice past its lifetime reads as cancel, sends its webhook once, and cannot be paid', async () => {
    const payment = await newInvoice();
    s.advanceClock(601);
    expect(await client.paymentInfo({ uuid: payment.uuid })).toMatchObject({
      status: 'cancel',
      isFinal: true,
    });
    await press(payment, 'pay');
    await s.sandbox.idle();
    expect(webhookStatuses()).toEqual(['cancel']);
  });

  it('a failed delivery keeps the invoice state and is logged; sendWebhook re-sends it', async () => {
    const payment = await newInvoice();
    hooks.answerWith(500);
    expect((await press(payment, 'pay')).location).toBe(SUCCESS);
    expect(s.logs.some((line) => line.includes('webhook rejected') && line.includes(payment.uuid))).toBe(
      true,
    );
    expect((await client.paymentInfo({ uuid: payment.uuid })).status).toBe('paid');
    hooks.answerWith(200);
    expect(await s.sandbox.sendWebhook(payment.uuid)).toEqual({ delivered: true, httpStatus: 200 });
    expect(hooks.received.map((h) => h.body)).toEqual([hooks.received[0]?.body, hooks.received[0]?.body]);
    expect(await s.sandbox.sendWebhook('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('unknown buttons and unknown invoices are 404 pages, with no webhook', async () => {
    const payment = await newInvoice();
    expect((await press(payment, 'refund')).status).toBe(404);
    expect((await press({ ...payment, url: `${s.baseUrl}/pay/not-a-uuid` }, 'pay')).status).toBe(404);
    expect(hooks.received).toHaveLength(0);
  });
});
