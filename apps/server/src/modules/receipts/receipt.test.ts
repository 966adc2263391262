import {
  accountEndpoints,
  orderEndpoints,
  type Receipt,
  receiptEndpoints,
  receiptLinks,
  rechargeEndpoints,
  ResultCode,
} from '@resiport/contract';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfo,
  authHeader,
  fundedCustomer,
  payOrder,
  pressCheckout,
  signedInAccount,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCoupon } from '../orders/coupon-admin.service';
import { apiUrl, passThroughData, successData } from '@resiport/testkit';

/** A hostile operator name: every document must print it as text, never as markup. */
const APP_NAME = 'Proxy <script>alert(1)</script> & "Co"';

describe('receipts of paid top-ups and orders (decision 038)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_NAME }, { listen: true });
  });
  afterAll(() => t.close());

  const get = (token: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${apiUrl(receiptEndpoints.get)}?${query}`,
      headers: authHeader(token),
    });
  const receipt = async (token: string, query: string) => {
    const response = await get(token, query);
    return { status: response.statusCode, ...response.json<{ code: number; msg: string; data: Receipt }>() };
  };

  /** A top-up of `amount` USD paid at the sandbox checkout, and its stored rows. */
  async function paidTopUp(token: string, amount: string, action: 'pay' | 'pay_over' = 'pay') {
    const pay = await t.send(rechargeEndpoints.pay, { amount }, { token });
    const checkout = passThroughData(rechargeEndpoints.pay, 'GoToPayment', pay);
    await pressCheckout(checkout.url, action);
    await expect.poll(async () => (await storedRecharge(checkout.recharge_id)).status).toBe('paid');
    return checkout.recharge_id;
  }
  const storedRecharge = (id: number) =>
    t.ctx.db
      .selectFrom('recharges as r')
      .innerJoin('crypto_invoices as i', 'i.id', 'r.invoice_id')
      .select(['r.amount_cents', 'r.fee_cents', 'i.amount_cents as total_cents', 'i.status', 'i.settled_at'])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
  const storedOrder = (id: number) =>
    t.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a paid top-up: exactly the stored amount, 3% fee and total, the operator and the customer', async () => {
    const { token, email } = await signedInAccount(t);
    const id = await paidTopUp(token, '25.55');
    const stored = await storedRecharge(id);
    const answer = await receipt(token, `kind=recharge&id=${id}`);
    expect([answer.status, answer.code]).toEqual([200, 0]);
    expect(answer.data).toMatchObject({
      number: `R-TOPUP-${id}`,
      kind: 'recharge',
      issuer: APP_NAME,
      customer_email: email,
      lang: 'en-us',
      currency: 'USD',
      subtotal_cents: Number(stored.amount_cents),
      fee_cents: Number(stored.fee_cents),
      total_cents: Number(stored.total_cents),
      coupon_code: null,
      discount_cents: 0,
      payment_method: 'cryptomus',
      status: 'paid',
      paid_at: stored.settled_at?.toISOString(),
    });
    expect([stored.amount_cents, stored.fee_cents, stored.total_cents]).toEqual([2555n, 77n, 2632n]);
    expect(answer.data.lines).toEqual([
      expect.objectContaining({ amount_cents: 2555, traffic_bytes: null, unit_price_cents: null }),
    ]);

    const html = await get(token, `kind=recharge&id=${id}&format=html`);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<html lang="en">');
    for (const figure of ['$25.55', '$0.77', '$26.32', `R-TOPUP-${id}`, 'UTC']) {
      expect(html.body).toContain(figure);
    }
  });

  it('a paid-over top-up: the receipt says what arrived and the extra added to the balance', async () => {
    const { token } = await signedInAccount(t);
    const id = await paidTopUp(token, '20', 'pay_over'); // 22.66 USDT of 20.60: 2.00 more credited
    const answer = await receipt(token, `kind=recharge&id=${id}`);
    expect(answer.data).toMatchObject({
      subtotal_cents: 2000,
      total_cents: 2060,
      payment_received: { amount: '22.66', currency: 'USDT' },
      payment_extra_cents: 200,
    });
    const html = (await get(token, `kind=recharge&id=${id}&format=html`)).body;
    expect(html).toContain('Paid over, added to your balance');
    expect(html).toContain('$2.00');
  });

  it('a crypto order with a coupon: stored original, discount, fee and total; the coupon printed', async () => {
    const { token } = await fundedCustomer(t, 0);
    const coupon = await createCoupon(t.ctx.db, { code: 'RECEIPT15', discount: '15%' });
    const pay = await payOrder(t, token, { quantity: '3', coupon: coupon.code });
    const { url, order_id: id } = passThroughData(orderEndpoints.pay, 'GoToPayment', pay);
    await pressCheckout(url, 'pay');
    await expect.poll(async () => (await storedOrder(id)).status).toBe('paid');
    const stored = await storedOrder(id);
    expect(stored.discount_cents).toBeGreaterThan(0n);
    expect(stored.fee_cents).toBeGreaterThan(0n);

    const answer = await receipt(token, `kind=order&id=${id}`);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      number: `R-ORDER-${id}`,
      subtotal_cents: Number(stored.original_cents),
      coupon_code: 'RECEIPT15',
      discount_cents: Number(stored.discount_cents),
      fee_cents: Number(stored.fee_cents),
      total_cents: Number(stored.total_cents),
      payment_method: 'cryptomus',
      paid_at: stored.paid_at?.toISOString(),
    });
    expect(answer.data.lines).toEqual([
      expect.objectContaining({
        traffic_bytes: 3_000_000_000,
        unit_price_cents: Number(stored.price_per_gb_cents),
        amount_cents: Number(stored.original_cents),
      }),
    ]);

    const html = (await get(token, `kind=order&id=${id}&format=html`)).body;
    expect(html).toContain('Discount (coupon RECEIPT15)');
    expect(html).toContain(`−$${(Number(stored.discount_cents) / 100).toFixed(2)}`);
    expect(html).toContain(`$${(Number(stored.total_cents) / 100).toFixed(2)}`);
  });

  it('escapes every interpolated value: a hostile coupon code and operator name stay text', async () => {
    const { token } = await fundedCustomer(t, 10_000);
    const paid = await payOrder(t, token, { quantity: '1', way: 'balance' });
    const id = successData(paid).order.id;
    // A value the coupon rules would refuse today, as if written by an older version or by hand.
    await t.ctx.db
      .updateTable('orders')
      .set({ coupon_code: '<script>alert("x")</script>' })
      .where('id', '=', id)
      .execute();
    const html = (await get(token, `kind=order&id=${id}&format=html`)).body;
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Proxy &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
  });

  it('in Russian for a Russian account: the HTML page and a PDF with Cyrillic text and the total', async () => {
    const { token } = await fundedCustomer(t, 10_000);
    expect((await t.send(accountEndpoints.setLang, { lang: 'ru' }, { token })).code).toBe(0);
    const paid = await payOrder(t, token, { quantity: '2', way: 'balance' });
    const id = successData(paid).order.id;
    const stored = await storedOrder(id);
    const total = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD' }).format(
      Number(stored.total_cents) / 100,
    );

    const html = (await get(token, `kind=order&id=${id}&format=html`)).body;
    expect(html).toContain('<html lang="ru">');
    for (const text of [`Квитанция R-ORDER-${id}`, 'Итого', 'Баланс аккаунта', total]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Total');

    const pdf = await get(token, `kind=order&id=${id}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="receipt-R-ORDER-${id}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    // Text extraction may turn the no-break spaces of Russian figures into plain ones.
    const plain = (value: string) => value.replace(/\s/g, ' ');
    for (const expected of [
      `Квитанция R-ORDER-${id}`,
      'Итого',
      total,
      'Трафик резидентных прокси, 2,00 ГБ',
    ]) {
      expect(plain(text)).toContain(plain(expected));
    }
  });

  it('another account gets the same not-found as a missing id, in every format', async () => {
    const owner = await fundedCustomer(t, 10_000);
    const paid = await payOrder(t, owner.token, { quantity: '1', way: 'balance' });
    const orderId = successData(paid).order.id;
    const rechargeId = await paidTopUp(owner.token, '20');
    const stranger = await signedInAccount(t);
    const missing = await receipt(stranger.token, 'kind=order&id=99999999');
    expect([missing.status, missing.code]).toEqual([404, ResultCode.NotFound]);
    for (const query of [`kind=order&id=${orderId}`, `kind=recharge&id=${rechargeId}`]) {
      for (const format of ['json', 'html', 'pdf']) {
        const answer = await receipt(stranger.token, `${query}&format=${format}`);
        expect(answer).toMatchObject({
          status: 404,
          code: ResultCode.NotFound,
          msg: missing.msg,
          data: missing.data,
        });
      }
    }
    expect((await receipt(owner.token, `kind=order&id=${orderId}`)).code).toBe(0);
  });

  it('an unpaid, expired, cancelled or free item has no receipt: its own code, in the language', async () => {
    const { token } = await fundedCustomer(t, 0);
    const unpaid = await t.send(rechargeEndpoints.pay, { amount: '20' }, { token });
    const unpaidId = passThroughData(rechargeEndpoints.pay, 'GoToPayment', unpaid).recharge_id;
    const expired = await t.send(rechargeEndpoints.pay, { amount: '21' }, { token });
    const { url, recharge_id: expiredId } = passThroughData(rechargeEndpoints.pay, 'GoToPayment', expired);
    await pressCheckout(url, 'expire');
    await expect.poll(async () => (await storedRecharge(expiredId)).status).toBe('cancelled');
    const order = await payOrder(t, token, { quantity: '1' });
    const orderId = passThroughData(orderEndpoints.pay, 'GoToPayment', order).order_id;
    // The free trial is paid, but nothing was paid: no $0.00 receipt.
    const trial = successData(await payOrder(t, token, { trial: 'true' }, '203.0.113.77')).order;
    expect([trial.status, trial.total_cents]).toEqual(['paid', 0]);

    for (const query of [
      `kind=recharge&id=${unpaidId}`,
      `kind=recharge&id=${expiredId}`,
      `kind=order&id=${orderId}`,
      `kind=order&id=${trial.id}`,
    ]) {
      for (const format of ['json', 'html', 'pdf']) {
        const answer = await receipt(token, `${query}&format=${format}`);
        expect([answer.status, answer.code]).toEqual([409, ResultCode.ReceiptNotPaid]);
        expect(answer.msg).toMatch(/^Only a paid top-up or order has a receipt/);
      }
    }
    await t.send(accountEndpoints.setLang, { lang: 'ru' }, { token });
    expect((await receipt(token, `kind=order&id=${orderId}`)).msg).toMatch(/^Квитанция есть только/);
    expect((await accountInfo(t, token)).balance_cents).toBe(0);
  });

  it.each([
    ['kind=order&id=abc', 400, ResultCode.ValidationFailed],
    ['kind=order&id=-1', 400, ResultCode.ValidationFailed],
    ['kind=order&id=1.5', 400, ResultCode.ValidationFailed],
    ['kind=invoice&id=1', 400, ResultCode.ValidationFailed],
    ['kind=order&id=1&format=xml', 400, ResultCode.ValidationFailed],
    ['id=1', 400, ResultCode.ValidationFailed],
  ])('refuses %s with %i / %i, never a 500', async (query, status, code) => {
    const { token } = await signedInAccount(t);
    const answer = await receipt(token, query);
    expect([answer.status, answer.code]).toEqual([status, code]);
  });

  it('asks for a session', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${apiUrl(receiptLinks.document)}?kind=order&id=1&format=html`,
    });
    expect([answer.statusCode, answer.json<{ code: number }>().code]).toEqual([
      401,
      ResultCode.SessionExpired,
    ]);
  });
});
