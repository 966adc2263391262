import { adminCatalogueEndpoints as calls, ResultCode, type AdminPackage } from '@resiport/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedCustomer, payOrder, signedInOperator } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { successData } from '@resiport/testkit';
import { buildApp } from '../../../app';
import { createAppContext } from '../../../context';
import { removePriceTier, setPackage, setPriceTier } from '../../orders/catalog-admin.service';
import { auditRowsFor, catalogueState, consoleCall, quote } from './catalogue.test-helpers';

const GB = 1_000_000_000;

/** Price tiers and packages from the console: every call, its refusals, its audit rows, and no restart. */
describe('operator console: price tiers and packages', () => {
  let t: TestApp;
  let send: ReturnType<typeof consoleCall>;
  let operatorId: number;
  /** A second API process on the same database, as production runs several. */
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await signedInOperator(t);
    operatorId = operator.id;
    send = consoleCall(t, operator.token);
    second = await buildApp(
      createAppContext(t.config, { db: t.ctx.db, mailer: t.ctx.mailer, log: t.ctx.log }),
      { serveWeb: false },
    );
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const reason = 'Price review 2026-11';

  it('lists tiers, adds and reprices one with audit rows, and refuses bad prices', async () => {
    expect((await send(calls.tiers, {})).data).toEqual({
      list: [
        { min_gb: 1, price_per_gb_cents: 450 },
        { min_gb: 10, price_per_gb_cents: 400 },
        { min_gb: 50, price_per_gb_cents: 350 },
        { min_gb: 100, price_per_gb_cents: 300 },
        { min_gb: 500, price_per_gb_cents: 250 },
      ],
    });
    const added = await send(calls.tierSet, { min_gb: '1000', price_per_gb_cents: 210, reason });
    expect(added).toMatchObject({ code: 0, data: { min_gb: 1000, price_per_gb_cents: 210 } });
    await send(calls.tierSet, { min_gb: '1000', price_per_gb_cents: 200, reason: 'Bulk discount' });
    expect(await auditRowsFor(t, 'catalogue.price_tier')).toMatchObject([
      { operator_id: operatorId, target_type: 'price_tier', target_id: '1000', before: null },
      {
        before: { price_per_gb_cents: '210' },
        after: { price_per_gb_cents: '200' },
        reason: 'Bulk discount',
      },
    ]);

    const before = await catalogueState(t);
    for (const [input, code] of [
      [{ min_gb: 10, price_per_gb_cents: 0, reason }, ResultCode.TierPriceInvalid],
      [{ min_gb: 10, price_per_gb_cents: -5, reason }, ResultCode.TierPriceInvalid],
      [{ min_gb: 10, price_per_gb_cents: 10_000_001, reason }, ResultCode.TierPriceInvalid],
      [{ min_gb: 10, price_per_gb_cents: '3.5', reason }, ResultCode.ValidationFailed],
      [{ min_gb: 0, price_per_gb_cents: 100, reason }, ResultCode.ValidationFailed],
      [{ min_gb: 10, price_per_gb_cents: 100, reason: 'no' }, ResultCode.ValidationFailed],
    ] as const) {
      const refused = await send.unchecked(calls.tierSet, input);
      expect([refused.code, refused.status < 500], JSON.stringify(input)).toEqual([code, true]);
    }
    expect(await catalogueState(t)).toEqual(before);
  });

  it('removes a tier, but never the 1 GB base tier', async () => {
    await send(calls.tierSet, { min_gb: '2000', price_per_gb_cents: 150, reason });
    expect((await send(calls.tierRemove, { min_gb: '2000', reason })).data).toEqual({ min_gb: 2000 });
    expect(await auditRowsFor(t, 'catalogue.price_tier_remove')).toMatchObject([
      { target_id: '2000', before: { price_per_gb_cents: '150' }, after: null, reason },
    ]);
    const base = await send(calls.tierRemove, { min_gb: '1', reason });
    expect([base.status, base.code]).toEqual([409, ResultCode.CatalogueBaseTier]);
    expect((await send(calls.tierRemove, { min_gb: '2000', reason })).code).toBe(ResultCode.NotFound);
    expect((await send(calls.tiers, {})).data).toMatchObject({
      list: expect.arrayContaining([{ min_gb: 1, price_per_gb_cents: 450 }]) as unknown,
    });
  });

  it("quotes the new price at once, through another API process's routes too (nothing caches it)", async () => {
    const customer = await fundedCustomer(t, 10_000);
    // Both processes have quoted (and would have cached) the old price before the change.
    for (const app of [t.app, second]) {
      expect((await quote(app, customer.token, { quantity: '12', way: 'balance' })).data).toMatchObject({
        price_per_gb_cents: 400,
        total_cents: 4800,
      });
    }
    await send(calls.tierSet, { min_gb: '10', price_per_gb_cents: 380, reason });
    for (const app of [second, t.app]) {
      expect((await quote(app, customer.token, { quantity: '12', way: 'balance' })).data).toMatchObject({
        price_per_gb_cents: 380,
        total_cents: 4560,
      });
    }
    const paid = await payOrder(t, customer.token, { quantity: '12', way: 'balance' });
    expect(paid.data).toMatchObject({ order: { total_cents: 4560 }, balance_cents: 10_000 - 4560 });
  });

  it('lists every package (inactive and trial too) with how many orders used each', async () => {
    const customer = await fundedCustomer(t, 10_000);
    const starter = await packageByCode('starter');
    await payOrder(t, customer.token, { package_id: String(starter.id), way: 'balance' });
    const list = successData(await send(calls.packages, {}));
    expect(list.list.map((p) => [p.code, p.is_trial, p.active])).toEqual([
      ['trial', true, true],
      ['starter', false, true],
      ['pro', false, true],
      ['business', false, true],
    ]);
    expect(list.list.find((p) => p.code === 'starter')).toMatchObject({
      traffic_bytes: 5 * GB,
      price_cents: 2250,
      order_count: 1,
    });
  });

  it('creates and edits a package with audit rows; the portal sells it at its new price', async () => {
    const created = await send(calls.packageCreate, {
      code: 'mega',
      traffic_bytes: 2.5 * GB,
      price_cents: 999,
      is_trial: 'false',
      active: 'true',
      reason,
    });
    expect(created).toMatchObject({
      code: 0,
      data: { code: 'mega', traffic_bytes: 2.5 * GB, price_cents: 999, order_count: 0, active: true },
    });
    const id = successData(created).id;
    const edited = await send(calls.packageUpdate, {
      id,
      code: 'mega',
      traffic_bytes: 3 * GB,
      price_cents: 1200,
      is_trial: 'false',
      active: 'true',
      reason: 'Bigger mega',
    });
    expect(edited.data).toMatchObject({ traffic_bytes: 3 * GB, price_cents: 1200 });
    expect(await auditRowsFor(t, 'catalogue.package')).toMatchObject([
      {
        target_type: 'package',
        target_id: String(id),
        before: null,
        after: { code: 'mega', price_cents: '999' },
      },
      {
        before: { traffic_bytes: String(2.5 * GB), price_cents: '999' },
        after: { traffic_bytes: String(3 * GB), price_cents: '1200' },
        reason: 'Bigger mega',
      },
    ]);
    const customer = await fundedCustomer(t, 5000);
    const paid = await payOrder(t, customer.token, { package_id: String(id), way: 'balance' });
    expect(paid.data).toMatchObject({ order: { total_cents: 1200, traffic_bytes: 3 * GB } });
  });

  it('disables and enables a package: a disabled one is no longer sold', async () => {
    const pro = await packageByCode('pro');
    const customer = await fundedCustomer(t, 0);
    const off = await send(calls.packageActive, { id: pro.id, active: 'false', reason: 'Retired' });
    expect(off.data).toMatchObject({ id: pro.id, active: false });
    const refused = await quote(second, customer.token, { package_id: String(pro.id), way: 'balance' });
    expect(refused.code).toBe(ResultCode.PackageUnavailable);
    await send(calls.packageActive, { id: pro.id, active: 'true', reason: 'Back in the shop' });
    const sold = await quote(second, customer.token, { package_id: String(pro.id), way: 'balance' });
    expect(sold.code).toBe(0);
    const rows = await auditRowsFor(t, 'catalogue.package');
    expect(rows.slice(-2)).toMatchObject([
      { target_id: String(pro.id), before: { active: true }, after: { active: false }, reason: 'Retired' },
      { before: { active: false }, after: { active: true }, reason: 'Back in the shop' },
    ]);
  });

  it('refuses bad packages with their codes and changes nothing', async () => {
    const starter = await packageByCode('starter');
    const good = {
      code: 'ok-pack',
      traffic_bytes: GB,
      price_cents: 100,
      is_trial: 'false',
      active: 'true',
      reason,
    };
    const before = await catalogueState(t);
    for (const [input, code] of [
      [{ ...good, code: 'starter' }, ResultCode.PackageCodeTaken],
      [{ ...good, traffic_bytes: 0 }, ResultCode.PackageTrafficInvalid],
      [{ ...good, traffic_bytes: 100_001 * GB }, ResultCode.PackageTrafficInvalid],
      [{ ...good, price_cents: -1 }, ResultCode.PackagePriceInvalid],
      [{ ...good, code: 'Bad Code' }, ResultCode.ValidationFailed],
      [{ ...good, is_trial: 'maybe' }, ResultCode.ValidationFailed],
    ] as const) {
      const refused = await send.unchecked(calls.packageCreate, input);
      expect([refused.code, refused.status < 500], JSON.stringify(input)).toEqual([code, true]);
    }
    const update = { ...good, id: starter.id };
    for (const [input, code] of [
      [{ ...update, code: 'business' }, ResultCode.PackageCodeTaken],
      [{ ...update, traffic_bytes: -1 }, ResultCode.PackageTrafficInvalid],
      [{ ...update, id: 999_999 }, ResultCode.NotFound],
    ] as const) {
      expect((await send.unchecked(calls.packageUpdate, input)).code, JSON.stringify(input)).toBe(code);
    }
    expect((await send(calls.packageActive, { id: 999_999, active: 'false', reason })).code).toBe(
      ResultCode.NotFound,
    );
    expect(await catalogueState(t)).toEqual(before);
  });

  it('the command line goes through the same services: audited with no operator, refused in English', async () => {
    await setPriceTier(t.ctx.db, 750, '2.75', 'Set from a deploy script');
    await setPackage(t.ctx.db, { code: 'cli-pack', gb: '1', usd: '3', trial: false, active: true });
    await expect(removePriceTier(t.ctx.db, 1)).rejects.toThrow(
      'The 1 GB tier is the base price and cannot be removed',
    );
    expect((await auditRowsFor(t, 'catalogue.price_tier')).at(-1)).toMatchObject({
      operator_id: null,
      target_id: '750',
      after: { price_per_gb_cents: '275' },
      reason: 'Set from a deploy script',
    });
    expect((await auditRowsFor(t, 'catalogue.package')).at(-1)).toMatchObject({
      operator_id: null,
      after: { code: 'cli-pack', traffic_bytes: String(GB) },
      reason: null,
    });
  });

  async function packageByCode(code: string): Promise<AdminPackage> {
    const { list } = successData(await send(calls.packages, {}));
    const found = list.find((p) => p.code === code);
    if (!found) throw new Error(`no package ${code}`);
    return found;
  }
});
