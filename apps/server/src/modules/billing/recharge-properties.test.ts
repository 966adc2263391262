import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cryptomusStatuses, isKnownStatus } from '../cryptomus/payment-status';
import { signWebhookPayload } from '../cryptomus/signature';
import { auditLedger } from '../ledger/ledger.service';
import { cryptomusWebhookPath, rechargeEndpoints } from '@resiport/contract';
import { passThroughData } from '@resiport/testkit';

/**
 * Property tests on the money paths (docs/architecture.md#ledger), against the real API, database and
 * sandbox. Each prints what it tried, so a pass cannot be vacuous.
 */
describe('recharge properties', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    token = (await signedInAccount(t)).token;
  });
  afterAll(() => t.close());

  /** An oracle written apart from the code: decimal USD → cents, by string surgery. */
  function expectedCents(text: string): number | undefined {
    const trimmed = text.trim();
    if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
    const [whole = '', fraction = ''] = trimmed.split('.');
    if (whole.length > 9) return undefined;
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }

  it('T10: amounts below 20 USD are refused, others priced so that total = amount + 3% (half up)', async () => {
    const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
    const amount = fc.oneof(
      fc.integer({ min: 1990, max: 2010 }).map(cents),
      fc.integer({ min: 1990, max: 2010 }).map((n) => String(n / 100)),
      fc.integer({ min: -5000, max: 10_000_100 }).map((n) => String(n)),
      fc.constantFrom(
        '1e3',
        '2e3',
        ' 25 ',
        '25.',
        '.5',
        '20.001',
        '0x20',
        '+25',
        '25,00',
        'NaN',
        'Infinity',
        '',
      ),
      fc.constantFrom('19.99', '20', '20.00', '20.01', '99999.99', '100000', '100000.01', '1000000000'),
      fc.string({ maxLength: 12 }),
    );
    const tally = { tried: 0, refusedBelowMinimum: 0, refusedInvalid: 0, checkouts: 0, boundaryHits: 0 };
    await fc.assert(
      fc.asyncProperty(amount, async (text) => {
        tally.tried++;
        const response = await t.send(rechargeEndpoints.pay, { amount: text }, { token });
        const want = expectedCents(text);
        if (want !== undefined && want >= 1999 && want <= 2001) tally.boundaryHits++;
        if (want === undefined || want > 10_000_000) {
          tally.refusedInvalid++;
          expect(response.code).toBe(10001);
        } else if (want < 2000) {
          tally.refusedBelowMinimum++;
          expect(response.code).toBe(10018);
        } else {
          tally.checkouts++;
          expect(response.code).toBe(20302);
          const data = passThroughData(rechargeEndpoints.pay, 'GoToPayment', response);
          expect(data.amount_cents).toBe(want);
          expect(data.fee_cents).toBe(Math.floor((want * 3 + 50) / 100));
          expect(data.total_cents).toBe(data.amount_cents + data.fee_cents);
        }
      }),
      // Always among the runs, whatever the seed: the boundary and the classic traps.
      { numRuns: 120, examples: [['19.99'], ['20'], ['20.01'], ['1e3'], ['-5'], ['abc']] },
    );
    console.info(`T10: ${JSON.stringify(tally)}`);
    expect(tally.boundaryHits).toBeGreaterThan(0);
    expect(tally.checkouts).toBeGreaterThan(0);
    expect(tally.refusedBelowMinimum).toBeGreaterThan(0);
  });

  it('T6: any order of provider statuses, with repeats, settles by the first final one and credits at most once', async () => {
    const statuses = Object.keys(cryptomusStatuses).filter(isKnownStatus);
    const tally = { sequences: 0, webhooks: 0, credited: 0, failed: 0, stillPending: 0, violations: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...statuses), { minLength: 1, maxLength: 7 }),
        async (sequence) => {
          tally.sequences++;
          const checkout = await t.send(rechargeEndpoints.pay, { amount: '20' }, { token });
          const { recharge_id: rechargeId } = passThroughData(rechargeEndpoints.pay, 'GoToPayment', checkout);
          const invoice = await t.ctx.db
            .selectFrom('crypto_invoices as i')
            .innerJoin('recharges as r', 'r.invoice_id', 'i.id')
            .select(['i.order_ref', 'i.provider_uuid'])
            .where('r.id', '=', rechargeId)
            .executeTakeFirstOrThrow();
          for (const status of sequence) {
            const { final } = cryptomusStatuses[status];
            // The provider's state moves first; then its (signed) webhook arrives.
            await t.ctx.db
              .updateTable('cryptomus_sandbox_invoices')
              .set({ status, is_final: final, updated_at: new Date() })
              .where('uuid', '=', invoice.provider_uuid ?? '')
              .execute();
            const body = signWebhookPayload(
              {
                type: 'payment',
                uuid: invoice.provider_uuid,
                order_id: invoice.order_ref,
                amount: '20.60',
                status,
                is_final: final,
                currency: 'USD',
              },
              t.config.cryptomus.paymentKey,
            );
            const delivered = await t.app.inject({
              method: 'POST',
              url: `/api${cryptomusWebhookPath}`,
              payload: body,
              headers: { 'content-type': 'application/json' },
            });
            tally.webhooks++;
            expect(delivered.statusCode).toBe(200);
          }
          const firstFinal = sequence.find((s) => cryptomusStatuses[s].final);
          const expected = firstFinal ? cryptomusStatuses[firstFinal].status : 'unpaid';
          const recharge = await t.ctx.db
            .selectFrom('recharges as r')
            .innerJoin('crypto_invoices as i', 'i.id', 'r.invoice_id')
            .select('i.status')
            .where('r.id', '=', rechargeId)
            .executeTakeFirstOrThrow();
          const credits = await t.ctx.db
            .selectFrom('ledger_entries')
            .select('id')
            .where('ref_type', '=', 'recharge')
            .where('ref_id', '=', String(rechargeId))
            .execute();
          if (recharge.status !== expected || credits.length !== (expected === 'paid' ? 1 : 0)) {
            tally.violations++;
          }
          if (expected === 'paid') tally.credited++;
          else if (expected === 'unpaid') tally.stillPending++;
          else tally.failed++;
          expect(recharge.status).toBe(expected);
          expect(credits).toHaveLength(expected === 'paid' ? 1 : 0);
        },
      ),
      {
        numRuns: 40,
        examples: [
          [['confirm_check', 'paid', 'fail', 'paid']],
          [['cancel', 'paid_over', 'paid']],
          [['wrong_amount_waiting', 'wrong_amount', 'paid']],
          [['check', 'locked']],
        ],
      },
    );
    console.info(`T6: ${JSON.stringify(tally)}`);
    expect(tally.credited).toBeGreaterThan(0);
    expect(tally.failed).toBeGreaterThan(0);
    const audit = await auditLedger(t.ctx.db);
    expect(audit.mismatches).toEqual([]);
  });
});
