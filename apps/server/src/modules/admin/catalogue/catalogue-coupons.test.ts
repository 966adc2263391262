import { adminCatalogueEndpoints as calls, type EndpointInput, ResultCode } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../../test/testing';
import { fundedCustomer, payOrder, signedInOperator } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { auditRowsFor, catalogueState, consoleCall, quote } from './catalogue.test-helpers';

/** Coupons from the console: created, listed with their uses, edited, disabled, and used by customers. */
describe('operator console: coupons', () => {
  let t: TestApp;
  let send: ReturnType<typeof consoleCall>;
  let operatorId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const operator = await signedInOperator(t);
    operatorId = operator.id;
    send = consoleCall(t, operator.token);
  });
  afterAll(() => t.close());

  const reason = 'Black Friday campaign';
  /** A UTC day `days` from the app's now. */
  const day = (days: number) =>
    new Date(t.ctx.clock().getTime() + days * 86_400_000).toISOString().slice(0, 10);

  async function create(input: Omit<EndpointInput<typeof calls.couponCreate>, 'reason'>) {
    const created = await send(calls.couponCreate, { reason, ...input });
    expect(created.code, JSON.stringify(created)).toBe(0);
    return successData(created);
  }

  it('creates a percent coupon with an expiry and limits, and records who and why', async () => {
    const coupon = await create({
      code: 'friday-20',
      kind: 'percent',
      value: 20,
      expires_on: day(30),
      max_uses: 100,
      max_uses_per_account: 1,
    });
    expect(coupon).toMatchObject({
      code: 'FRIDAY-20',
      kind: 'percent',
      value: 20,
      expires_at: `${day(30)}T23:59:59.000Z`,
      max_uses: 100,
      max_uses_per_account: 1,
      account_id: null,
      uses: 0,
      accounts_used: 0,
      active: true,
      status: 'active',
    });
    expect(await auditRowsFor(t, 'catalogue.coupon_create')).toMatchObject([
      {
        operator_id: operatorId,
        target_type: 'coupon',
        target_id: String(coupon.id),
        account_id: null,
        before: null,
        after: { code: 'FRIDAY-20', kind: 'percent', value: '20', max_uses: 100, max_uses_per_account: 1 },
        reason,
      },
    ]);
  });

  it('refuses bad coupons with their codes and writes nothing', async () => {
    const good = { code: 'GOOD-ONE', kind: 'percent', value: 10, reason };
    const before = await catalogueState(t);
    for (const [input, code] of [
      [{ ...good, code: 'friday-20' }, ResultCode.CouponCodeTaken],
      [{ ...good, value: 0 }, ResultCode.CouponPercentInvalid],
      [{ ...good, value: 101 }, ResultCode.CouponPercentInvalid],
      [{ ...good, kind: 'fixed', value: 0 }, ResultCode.CouponFixedInvalid],
      [{ ...good, kind: 'fixed', value: -100 }, ResultCode.CouponFixedInvalid],
      [{ ...good, kind: 'fixed', value: 10_000_001 }, ResultCode.CouponFixedInvalid],
      [{ ...good, expires_on: day(-1) }, ResultCode.CouponExpiryPast],
      [{ ...good, account: 'nobody@example.test' }, ResultCode.NotFound],
      [{ ...good, account: '999999' }, ResultCode.NotFound],
      [{ ...good, account: 'not an email' }, ResultCode.ValidationFailed],
      [{ ...good, code: 'X' }, ResultCode.ValidationFailed],
      [{ ...good, kind: 'gift' }, ResultCode.ValidationFailed],
      [{ ...good, expires_on: '2026-02-30' }, ResultCode.ValidationFailed],
      [{ ...good, max_uses: 0 }, ResultCode.ValidationFailed],
      [{ ...good, max_uses_per_account: 'many' }, ResultCode.ValidationFailed],
      [{ ...good, reason: '' }, ResultCode.ValidationFailed],
    ] as const) {
      const refused = await send.unchecked(calls.couponCreate, input);
      expect([refused.code, refused.status < 500], JSON.stringify(input)).toEqual([code, true]);
    }
    expect(await catalogueState(t)).toEqual(before);
  });

  it('a customer applies a console coupon through the portal; the console lists the use per account', async () => {
    const coupon = await create({ code: 'TAKE5', kind: 'fixed', value: 500, max_uses_per_account: 2 });
    const customer = await fundedCustomer(t, 10_000);
    const quoted = await quote(t.app, customer.token, { quantity: '10', coupon: 'take5', way: 'balance' });
    expect(quoted.data).toMatchObject({ original_cents: 4000, discount_cents: 500, total_cents: 3500 });
    const paid = await payOrder(t, customer.token, { quantity: '10', coupon: 'take5', way: 'balance' });
    expect(paid.data).toMatchObject({
      order: { coupon_code: 'TAKE5', total_cents: 3500 },
      balance_cents: 6500,
    });
    await payOrder(t, customer.token, { quantity: '1', coupon: 'take5', way: 'balance' });

    const listed = successData(await send(calls.coupons, { q: 'take' }));
    expect(listed.list).toMatchObject([{ id: coupon.id, uses: 2, accounts_used: 1, status: 'active' }]);
    const uses = successData(await send(calls.couponUses, { id: coupon.id }));
    expect(uses).toMatchObject({
      total: 1,
      list: [{ account_id: customer.id, email: customer.email, uses: 2 }],
    });
    expect((await send(calls.couponUses, { id: 999_999 })).code).toBe(ResultCode.NotFound);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
  });

  it('a personal coupon (by email or id) works for its account only', async () => {
    const owner = await fundedCustomer(t, 10_000);
    const other = await fundedCustomer(t, 10_000);
    const byEmail = await create({
      code: 'VIP-EMAIL',
      kind: 'percent',
      value: 50,
      account: owner.email.toUpperCase(),
    });
    const byId = await create({ code: 'VIP-ID', kind: 'percent', value: 50, account: String(owner.id) });
    expect([byEmail.account_id, byEmail.account_email, byId.account_id]).toEqual([
      owner.id,
      owner.email,
      owner.id,
    ]);
    expect((await auditRowsFor(t, 'catalogue.coupon_create')).at(-1)).toMatchObject({ account_id: owner.id });
    for (const code of ['vip-email', 'vip-id']) {
      expect((await quote(t.app, owner.token, { quantity: '10', coupon: code })).data).toMatchObject({
        discount_cents: 2000,
      });
      expect((await quote(t.app, other.token, { quantity: '10', coupon: code })).code).toBe(
        ResultCode.CouponInvalid,
      );
    }
    const search = successData(await send(calls.coupons, { q: owner.email }));
    expect(search.list.map((c) => c.code)).toEqual(['VIP-ID', 'VIP-EMAIL']);
  });

  it('edits expiry, limits and the active flag, recording only what changed', async () => {
    const coupon = await create({ code: 'EDIT-ME', kind: 'percent', value: 10, max_uses: 3 });
    const customer = await fundedCustomer(t, 10_000);
    await payOrder(t, customer.token, { quantity: '1', coupon: 'EDIT-ME', way: 'balance' });
    await payOrder(t, customer.token, { quantity: '1', coupon: 'EDIT-ME', way: 'balance' });

    const below = await send(calls.couponUpdate, { id: coupon.id, max_uses: 1, reason });
    expect([below.status, below.code]).toEqual([409, ResultCode.CouponLimitBelowUses]);
    expect(below.msg).toContain('2 times');
    const past = await send(calls.couponUpdate, { id: coupon.id, expires_on: day(-2), reason });
    expect(past.code).toBe(ResultCode.CouponExpiryPast);
    expect((await send(calls.couponUpdate, { id: 999_999, max_uses: 5, reason })).code).toBe(
      ResultCode.NotFound,
    );

    const edited = await send(calls.couponUpdate, {
      id: coupon.id,
      max_uses: 2,
      max_uses_per_account: 5,
      expires_on: day(7),
      active: 'true',
      reason: 'Extend to the weekend',
    });
    expect(edited.data).toMatchObject({ max_uses: 2, max_uses_per_account: 5, status: 'used_up' });
    const cleared = await send(calls.couponUpdate, { id: coupon.id, max_uses: '', expires_on: '', reason });
    expect(cleared.data).toMatchObject({ max_uses: null, expires_at: null, status: 'active' });
    // Nothing to change: no audit row.
    await send(calls.couponUpdate, { id: coupon.id, max_uses_per_account: 5, reason });
    expect(await auditRowsFor(t, 'catalogue.coupon_update')).toMatchObject([
      {
        target_id: String(coupon.id),
        before: { max_uses: 3, max_uses_per_account: null, expires_at: null },
        after: { max_uses: 2, max_uses_per_account: 5, expires_at: `${day(7)}T23:59:59.000Z` },
        reason: 'Extend to the weekend',
      },
      {
        before: { max_uses: 2, expires_at: `${day(7)}T23:59:59.000Z` },
        after: { max_uses: null, expires_at: null },
      },
    ]);
  });

  it('a disabled coupon is refused to the customer with the portal code, until it is enabled again', async () => {
    const coupon = await create({ code: 'STOPPED', kind: 'percent', value: 15 });
    const customer = await fundedCustomer(t, 10_000);
    const disabled = await send(calls.couponDisable, { id: coupon.id, reason: 'Leaked on a forum' });
    expect(disabled.data).toMatchObject({ active: false, status: 'disabled' });
    const refusedQuote = await quote(t.app, customer.token, { quantity: '1', coupon: 'stopped' });
    expect(refusedQuote.code).toBe(ResultCode.CouponInvalid);
    const refusedPay = await payOrder(t, customer.token, {
      quantity: '1',
      coupon: 'stopped',
      way: 'balance',
    });
    expect([refusedPay.status, refusedPay.code]).toEqual([400, ResultCode.CouponInvalid]);
    expect(await auditRowsFor(t, 'catalogue.coupon_disable')).toMatchObject([
      {
        target_id: String(coupon.id),
        before: { active: true },
        after: { active: false },
        reason: 'Leaked on a forum',
      },
    ]);
    const listed = successData(await send(calls.coupons, { status: 'disabled' }));
    expect(listed.list.map((c) => c.code)).toEqual(['STOPPED']);

    await send(calls.couponUpdate, { id: coupon.id, active: 'true', reason: 'Reissued' });
    expect((await quote(t.app, customer.token, { quantity: '1', coupon: 'stopped' })).code).toBe(0);
  });

  it('filters by status: active, used up and expired', async () => {
    const once = await create({ code: 'ONCE', kind: 'percent', value: 5, max_uses: 1 });
    const customer = await fundedCustomer(t, 10_000);
    await payOrder(t, customer.token, { quantity: '1', coupon: 'ONCE', way: 'balance' });
    const soon = await create({ code: 'SOON', kind: 'percent', value: 5, expires_on: day(0) });
    const codes = async (status: EndpointInput<typeof calls.coupons>['status']) =>
      successData(await send(calls.coupons, { status, page_size: 100 })).list.map((c) => c.code);
    expect(await codes('used_up')).toEqual([once.code]);
    expect(await codes('active')).toContain(soon.code);
    // Its day ends (moving the app's clock two days on would also end the operator's session).
    await t.ctx.db
      .updateTable('coupons')
      .set({ expires_at: new Date(t.ctx.clock().getTime() - 1000) })
      .where('id', '=', soon.id)
      .execute();
    expect(await codes('expired')).toEqual([soon.code]);
    expect(await codes('active')).not.toContain(soon.code);
    expect((await quote(t.app, customer.token, { quantity: '1', coupon: 'soon' })).code).toBe(
      ResultCode.CouponExpired,
    );
  });
});
