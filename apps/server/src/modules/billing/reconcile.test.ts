import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, postForm, signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { reconcilePendingInvoices } from './reconcile';

describe('reconciliation of pending invoices (T9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  it('credits a payment whose webhook never arrived, once, with one runner at a time', async () => {
    const { token } = await signedInAccount(t);
    const checkout = await postForm(t, '/api/recharge/cryptomusPay', { amount: '20' }, authHeader(token));
    const { url } = checkout.data as { url: string };
    // The payer paid at the provider, but the webhook was lost on the way.
    const uuid = url.split('/').pop() ?? '';
    await t.ctx.db
      .updateTable('cryptomus_sandbox_invoices')
      .set({ status: 'paid', is_final: true, updated_at: new Date() })
      .where('uuid', '=', uuid)
      .execute();

    const [first, second] = await Promise.all([
      reconcilePendingInvoices(t.ctx, 'runner-a'),
      reconcilePendingInvoices(t.ctx, 'runner-b'),
    ]);
    const runs = [first, second].filter((run) => run !== undefined);
    console.info(`T9: ${runs.length} of 2 runners held the lease; settled ${runs[0]?.settled ?? 0}`);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ settled: 1 });
    const info = await t.call({ method: 'GET', url: '/api/user/info', headers: authHeader(token) });
    expect(info.data).toMatchObject({ balance_cents: 2000 });

    // The holder may run again; a later run finds nothing left to do.
    expect(await reconcilePendingInvoices(t.ctx, first ? 'runner-a' : 'runner-b')).toMatchObject({
      settled: 0,
    });
  });
});
