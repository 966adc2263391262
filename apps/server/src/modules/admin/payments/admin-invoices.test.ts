import {
  adminPaymentsEndpoints as calls,
  alertEndpoints,
  cryptomusWebhookPath,
  type EndpointInput,
  orderEndpoints,
} from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountInfo,
  fundedCustomer,
  payOrder,
  pressCheckout,
  signedInOperator,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { signWebhookPayload } from '../../cryptomus/signature';
import { auditLedger } from '../../ledger/ledger.service';
import { auditRowsOf, consoleCall, newKey, snapshotOf } from '../customers/customers.test-helpers';
import { sandboxPayments } from './payments.test-helpers';

/**
 * Crypto invoices in the console (docs/product.md#operator-console): what the provider told us about each, and the
 * resolution of a payment that arrived short or late — through the Cryptomus sandbox's real
 * protocol (its checkout buttons, its signed webhooks), as a customer's payment goes.
 */
describe('console payments: invoices, their history, resolving them (docs/product.md#operator-console)', () => {
  let t: TestApp;
  let call: ReturnType<typeof consoleCall>;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    operator = await signedInOperator(t);
    call = consoleCall(t, operator.token);
  });
  afterAll(() => t.close());

  const invoicesOf = async (query: EndpointInput<typeof calls.invoices>) =>
    successData(await call(calls.invoices, query)).list;
  const detail = async (invoiceId: number) =>
    successData(await call(calls.invoice, { invoice_id: invoiceId }));
  const resolve = (
    invoiceId: number,
    choice: EndpointInput<typeof calls.resolve>['choice'],
    key: string = newKey(),
  ) =>
    call(calls.resolve, {
      invoice_id: invoiceId,
      choice,
      reason: 'customer wrote in, ticket 7',
      idempotency_key: key,
    });
  const { topUp, webhooksOf, rechargeRecord: record } = sandboxPayments(() => t, invoicesOf);

  it('shows an underpaid top-up with the provider’s status, what arrived and its history', async () => {
    const customer = await fundedCustomer(t, 0);
    const { invoiceId, recharge_id } = await topUp(customer, 'underpay');
    const [row] = await invoicesOf({ account_id: customer.id, status: 'cancelled', detail: 'underpaid' });
    expect(row).toMatchObject({
      id: invoiceId,
      purpose: 'recharge',
      recharge_id,
      email: customer.email,
      amount_cents: 2060,
      status: 'cancelled',
      payment_detail: 'underpaid',
      provider_status: 'wrong_amount',
      payment_received: { amount: '10.30', currency: 'USDT' },
      received_usd_cents: 1030,
      resolvable: true,
      credit_cents: 1000,
      resolution: null,
    });
    const { history } = await detail(invoiceId);
    expect(history).toContainEqual(
      expect.objectContaining({
        kind: 'webhook',
        provider_status: 'wrong_amount',
        is_final: true,
        status: 'cancelled',
        payment_detail: 'underpaid',
        received_usd_cents: 1030,
      }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({ kind: 'check', status: 'cancelled', payment_detail: 'underpaid' }),
    );
    expect(await invoicesOf({ account_id: customer.id, purpose: 'order' })).toEqual([]);
    expect(
      await invoicesOf({ customer: customer.email, start_date: '2020-01-01', end_date: '2020-01-31' }),
    ).toEqual([]);
  });

  it('credits what arrived once, however many resolve at once; the customer sees it', async () => {
    const customer = await fundedCustomer(t, 0);
    const bystander = await fundedCustomer(t, 500);
    const untouched = await snapshotOf(t, bystander.id);
    const { invoiceId, recharge_id } = await topUp(customer, 'underpay');
    const alertsOn = await t.send(
      alertEndpoints.update,
      { email_enabled: 'true', on_payment: 'true' },
      { token: customer.token },
    );
    expect(alertsOn.code).toBe(0);

    const keys: string[] = [newKey(), newKey(), newKey()];
    const answers = await Promise.all(keys.map((key) => resolve(invoiceId, 'credit', key)));
    expect(answers.map((a) => a.code).sort()).toEqual([0, 10066, 10066]);
    const winner = keys[answers.findIndex((a) => a.code === 0)] ?? '';
    expect(answers.find((a) => a.code === 0)?.data).toMatchObject({
      credited_cents: 1000,
      invoice: { status: 'cancelled', payment_detail: 'credited', resolvable: false, credit_cents: null },
    });
    expect(await accountInfo(t, customer.token)).toMatchObject({ balance_cents: 1000 });
    // The customer's alert says what arrived (10.30) and what was credited after the fee (10.00).
    const alerts = await t.ctx.db
      .selectFrom('alert_events')
      .select('data')
      .where('account_id', '=', customer.id)
      .execute();
    expect(alerts.map((a) => a.data)).toEqual([
      expect.objectContaining({ paid_cents: 1030, amount_cents: 1000 }),
    ]);
    expect(await record(customer.token)).toEqual([
      expect.objectContaining({ id: recharge_id, status: 'cancelled', payment_detail: 'credited' }),
    ]);

    // A retry of the winning request answers it again; any other resolution is refused.
    expect((await resolve(invoiceId, 'credit', winner)).data).toMatchObject({ credited_cents: 1000 });
    expect(await resolve(invoiceId, 'refunded')).toMatchObject({ status: 409, code: 10066 });
    const { invoice, ledger } = await detail(invoiceId);
    expect(invoice.resolution).toMatchObject({
      choice: 'credit',
      credited_cents: 1000,
      operator_email: operator.email,
      reason: 'customer wrote in, ticket 7',
    });
    expect(ledger.map((e) => [e.kind, e.amount, e.ref_type, e.ref_id])).toEqual([
      ['recharge', 1000, 'invoice', String(invoiceId)],
    ]);
    expect(await auditRowsOf(t, customer.id)).toEqual([
      expect.objectContaining({
        operator_id: operator.id,
        action: 'invoice.resolve',
        target_id: String(invoiceId),
        before: { status: 'cancelled', payment_detail: 'underpaid' },
        after: { status: 'cancelled', payment_detail: 'credited', choice: 'credit', credited_cents: '1000' },
      }),
    ]);
    expect(await snapshotOf(t, bystander.id)).toEqual(untouched);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
  });

  it('marking a payment refunded moves no money and tells the customer it was returned', async () => {
    const customer = await fundedCustomer(t, 300);
    const { invoiceId, recharge_id } = await topUp(customer, 'underpay');
    const before = await snapshotOf(t, customer.id);
    expect(await resolve(invoiceId, 'refunded')).toMatchObject({
      code: 0,
      data: { credited_cents: 0, invoice: { status: 'refunded', payment_detail: null, resolvable: false } },
    });
    expect(await snapshotOf(t, customer.id)).toEqual(before);
    expect(await record(customer.token)).toEqual([
      expect.objectContaining({ id: recharge_id, status: 'refunded', payment_detail: null }),
    ]);
  });

  it('credits an underpaid order’s payment to the balance; the order stays cancelled', async () => {
    const customer = await fundedCustomer(t, 0);
    const checkout = passThroughData(
      orderEndpoints.pay,
      'GoToPayment',
      await payOrder(t, customer.token, { quantity: '1' }),
    );
    await pressCheckout(checkout.url, 'underpay');
    const [invoice] = await invoicesOf({ account_id: customer.id, purpose: 'order' });
    if (!invoice) throw new Error('no invoice for the order');
    await vi.waitFor(async () => expect(await webhooksOf(invoice.id)).not.toEqual([]));
    expect((await resolve(invoice.id, 'credit')).data).toMatchObject({ credited_cents: 225 });
    const order = await call(calls.order, { order_id: checkout.order_id });
    expect(order.data).toMatchObject({
      order: { status: 'cancelled', payment_detail: 'credited' },
      invoice: { id: invoice.id, resolution: { choice: 'credit', credited_cents: 225 } },
    });
    expect(await accountInfo(t, customer.token)).toMatchObject({ balance_cents: 225, traffic_left_bytes: 0 });
  });

  it('a payment that arrives after the invoice closed is kept in its history and can be credited', async () => {
    const customer = await fundedCustomer(t, 0);
    const { invoiceId, uuid } = await topUp(customer, 'expire');
    const [expired] = await invoicesOf({ account_id: customer.id });
    expect(expired).toMatchObject({ payment_detail: 'expired', resolvable: false });
    expect((await resolve(invoiceId, 'credit')).code).toBe(10065);

    // Cryptomus' own word, signed with the merchant's key: the full amount arrived, late.
    const late = signWebhookPayload(
      {
        type: 'payment',
        uuid,
        order_id: expired?.order_ref,
        amount: '20.60',
        payment_amount: '20.60',
        payment_amount_usd: '20.60',
        is_final: true,
        status: 'paid',
        currency: 'USD',
        payer_currency: 'USDT',
      },
      t.config.cryptomus.paymentKey,
    );
    const webhook = await t.app.inject({
      method: 'POST',
      url: `/api${cryptomusWebhookPath}`,
      payload: late,
      headers: { 'content-type': 'application/json' },
    });
    expect(webhook.statusCode).toBe(200);
    const { invoice, history } = await detail(invoiceId);
    expect(history.at(-1)).toMatchObject({ kind: 'webhook', provider_status: 'paid', after_close: true });
    expect(invoice).toMatchObject({ status: 'cancelled', resolvable: true, credit_cents: 2000 });
    expect((await resolve(invoiceId, 'credit')).data).toMatchObject({ credited_cents: 2000 });
  });

  it('refuses what cannot be resolved, each with its own code, and changes nothing', async () => {
    const customer = await fundedCustomer(t, 0);
    const unpaid = await topUp(customer);
    const paid = await topUp(customer, 'pay');
    const expired = await topUp(customer, 'expire');
    const unreported = await topUp(customer, 'underpay', { webhook: false });
    const before = await snapshotOf(t, customer.id);

    for (const [invoiceId, code] of [
      [unpaid.invoiceId, 10065],
      [paid.invoiceId, 10065],
      [expired.invoiceId, 10065],
      [unreported.invoiceId, 10067],
      [999_999, 10009],
    ] as const) {
      expect((await resolve(invoiceId, 'credit')).code, `invoice ${invoiceId}`).toBe(code);
    }
    expect(await snapshotOf(t, customer.id)).toEqual(before);
    expect(await auditRowsOf(t, customer.id)).toEqual([]);
    // Without a USD figure nothing can be credited, but it can still be recorded as returned.
    expect((await resolve(unreported.invoiceId, 'refunded')).code).toBe(0);
  });

  it('answers bad input with 10001 (400), never 500', async () => {
    const valid = { invoice_id: 1, choice: 'credit', reason: 'a good reason', idempotency_key: newKey() };
    const bad: Record<string, string | number>[] = [
      { ...valid, choice: 'both' },
      { ...valid, reason: '  ' },
      { ...valid, invoice_id: '1.5' },
      { ...valid, idempotency_key: 'no spaces allowed' },
    ];
    for (const input of bad) {
      expect(await call.unchecked(calls.resolve, input), JSON.stringify(input)).toMatchObject({
        status: 400,
        code: 10001,
      });
    }
    const badQueries: Record<string, string | number>[] = [
      { status: 'pending' },
      { detail: 'lost' },
      { purpose: 'gift' },
      { end_date: 'yesterday' },
      { page: 0 },
    ];
    for (const query of badQueries) {
      expect(await call.unchecked(calls.invoices, query), JSON.stringify(query)).toMatchObject({
        status: 400,
        code: 10001,
      });
    }
    expect(await call.unchecked(calls.invoice, { invoice_id: 'x' })).toMatchObject({
      status: 400,
      code: 10001,
    });
  });
});
