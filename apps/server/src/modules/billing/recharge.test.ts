import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressCheckout, signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { signWebhookPayload } from '../cryptomus/signature';
import { accountEndpoints, cryptomusWebhookPath, rechargeEndpoints } from '@resiport/contract';
import { type Answer, passThroughData, successData } from '@resiport/testkit';

/** The checkout of a pay answered with 20302 (go to payment). */
const checkoutOf = (answer: Answer<typeof rechargeEndpoints.pay>) =>
  passThroughData(rechargeEndpoints.pay, 'GoToPayment', answer);

async function balance(t: TestApp, token: string): Promise<number> {
  const info = await t.send(accountEndpoints.userInfo, {}, { token });
  return successData(info).balance_cents;
}

async function ledgerEntriesFor(t: TestApp, rechargeId: number) {
  return t.ctx.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('ref_type', '=', 'recharge')
    .where('ref_id', '=', String(rechargeId))
    .execute();
}

describe('recharge with Cryptomus (through the bundled sandbox, over real HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  const pay = (token: string, values: Record<string, string>) =>
    t.sendUnchecked(rechargeEndpoints.pay, values, { token });

  it.each([
    ['19.99', 10018],
    ['-5', 10001],
    ['abc', 10001],
    ['1e9', 10001],
    ['20.001', 10001],
    ['100000.01', 10001],
    ['', 10001],
  ])('refuses amount %j with code %i and creates no invoice', async (amount, code) => {
    const { token } = await signedInAccount(t);
    const before = await t.ctx.db
      .selectFrom('crypto_invoices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await pay(token, { amount });
    expect(response.code).toBe(code);
    if (code === 10018) expect(response.msg).toBe('The minimum top-up is 20.00 USD');
    if (amount === '100000.01') {
      expect(response.data).toEqual({ fields: { amount: 'The largest top-up is 100,000 USD' } });
    }
    const after = await t.ctx.db
      .selectFrom('crypto_invoices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('pay 25 USD: 20302 with the checkout, fee shown; paying at the checkout credits exactly 25.00 once', async () => {
    const { token } = await signedInAccount(t);
    const response = await pay(token, { amount: '25' });
    expect(response).toMatchObject({ status: 200, code: 20302 });
    const checkout = checkoutOf(response);
    expect(checkout).toMatchObject({ amount_cents: 2500, fee_cents: 75, total_cents: 2575 });
    expect(checkout.url).toContain('/sandbox/cryptomus/pay/');

    const pending = await t.send(
      rechargeEndpoints.check,
      { recharge_id: String(checkout.recharge_id) },
      { token },
    );
    expect(pending).toMatchObject({ code: 10020, data: { status: 'unpaid', payment_detail: null } });

    await pressCheckout(checkout.url, 'pay');
    await expect.poll(() => balance(t, token)).toBe(2500);
    const checked = await t.send(
      rechargeEndpoints.check,
      { recharge_id: String(checkout.recharge_id) },
      { token },
    );
    expect(checked).toMatchObject({ code: 0, data: { status: 'paid', balance_cents: 2500 } });
    expect(await ledgerEntriesFor(t, checkout.recharge_id)).toHaveLength(1);

    const record = await t.send(rechargeEndpoints.record, {}, { token });
    expect(record.data).toMatchObject({
      total: 1,
      list: [{ id: checkout.recharge_id, amount_cents: 2500, status: 'paid' }],
    });
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
  });

  it('a retried pay with the same idempotency key returns the same checkout; a changed amount is refused', async () => {
    const { token } = await signedInAccount(t);
    const key = 'retry-key-0001';
    const [first, second] = await Promise.all([
      pay(token, { amount: '30', idempotency_key: key }),
      pay(token, { amount: '30', idempotency_key: key }),
    ]);
    expect(checkoutOf(first).recharge_id).toBe(checkoutOf(second).recharge_id);
    expect(checkoutOf(first).url).toBe(checkoutOf(second).url);
    expect((await pay(token, { amount: '31', idempotency_key: key })).code).toBe(10021);
  });

  it('the same signed webhook 10× in a row and 20× in parallel credits once (T5)', async () => {
    const { token } = await signedInAccount(t);
    const checkout = checkoutOf(await pay(token, { amount: '20' }));
    await pressCheckout(checkout.url, 'pay');
    await expect.poll(() => balance(t, token)).toBe(2000);
    const invoice = await invoiceOf(t, checkout.recharge_id);
    const body = signedBody(t, {
      uuid: invoice.provider_uuid ?? '',
      order_id: invoice.order_ref,
      amount: '20.60',
      status: 'paid',
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: `/api${cryptomusWebhookPath}`,
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
    const sequential = [];
    for (let i = 0; i < 10; i++) sequential.push((await deliver()).statusCode);
    const parallel = (await Promise.all(Array.from({ length: 20 }, deliver))).map((r) => r.statusCode);
    console.info(
      `T5: ${sequential.length} sequential + ${parallel.length} parallel deliveries, all acknowledged: ${[...sequential, ...parallel].every((s) => s === 200)}`,
    );
    expect([...sequential, ...parallel].every((s) => s === 200)).toBe(true);
    expect(await balance(t, token)).toBe(2000);
    expect(await ledgerEntriesFor(t, checkout.recharge_id)).toHaveLength(1);
  });

  it('forged, tampered and premature webhooks change nothing (T7)', async () => {
    const { token } = await signedInAccount(t);
    const checkout = checkoutOf(await pay(token, { amount: '40' }));
    const invoice = await invoiceOf(t, checkout.recharge_id);
    const fields = {
      uuid: invoice.provider_uuid ?? '',
      order_id: invoice.order_ref,
      amount: '41.20',
      status: 'paid',
    };
    const valid = signedBody(t, fields);
    const variants = {
      wrongKey: signedBody(t, fields, 'not-the-key'),
      tamperedAmount: valid.replace('"41.20"', '"4120.00"'),
      noSign: JSON.stringify({ type: 'payment', ...fields, is_final: true }),
      notJson: 'paid!',
    };
    for (const [name, body] of Object.entries(variants)) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api${cryptomusWebhookPath}`,
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, name).toBe(401);
      // Every refusal carries a non-zero code (Forbidden: not Cryptomus).
      expect(response.json(), name).toMatchObject({ code: 10010, data: null });
    }
    // Correctly signed, but the invoice is not paid at the provider: the re-query wins.
    const premature = await t.app.inject({
      method: 'POST',
      url: `/api${cryptomusWebhookPath}`,
      payload: valid,
      headers: { 'content-type': 'application/json' },
    });
    expect(premature.statusCode).toBe(200);
    expect(await balance(t, token)).toBe(0);
    expect(t.logs.join('')).toContain('cryptomus webhook rejected');
  });

  it('expired and underpaid invoices never credit, even if a paid webhook arrives later (monotonic)', async () => {
    const { token } = await signedInAccount(t);
    for (const action of ['expire', 'underpay'] as const) {
      const checkout = checkoutOf(await pay(token, { amount: '20' }));
      await pressCheckout(checkout.url, action);
      const checked = await t.send(
        rechargeEndpoints.check,
        { recharge_id: String(checkout.recharge_id) },
        { token },
      );
      expect(checked.data).toMatchObject({
        status: 'cancelled',
        payment_detail: action === 'expire' ? 'expired' : 'underpaid',
      });
    }
    expect(await balance(t, token)).toBe(0);
  });

  it('another account cannot check or see my recharge', async () => {
    const owner = await signedInAccount(t);
    const stranger = await signedInAccount(t);
    const checkout = checkoutOf(await pay(owner.token, { amount: '20' }));
    const probe = await t.send(
      rechargeEndpoints.check,
      { recharge_id: String(checkout.recharge_id) },
      { token: stranger.token },
    );
    expect(probe).toMatchObject({ status: 404, code: 10009 });
    const record = await t.send(rechargeEndpoints.record, {}, { token: stranger.token });
    expect(record.data).toMatchObject({ total: 0, list: [] });
  });
});

/** Our invoice behind a recharge: the order_id and uuid a webhook for it carries. */
function invoiceOf(t: TestApp, rechargeId: number) {
  return t.ctx.db
    .selectFrom('crypto_invoices as i')
    .innerJoin('recharges as r', 'r.invoice_id', 'i.id')
    .select(['i.order_ref', 'i.provider_uuid'])
    .where('r.id', '=', rechargeId)
    .executeTakeFirstOrThrow();
}

function signedBody(t: TestApp, fields: Record<string, string>, key = t.config.cryptomus.paymentKey): string {
  const data = {
    type: 'payment',
    ...fields,
    is_final: true,
    currency: 'USD',
    additional_data: 'recharge/test',
  };
  return signWebhookPayload(data, key);
}
