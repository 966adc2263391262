import { balanceEndpoints, rechargeEndpoints, type RechargeRecord } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { checkoutUrl } from '../../test/checkout';
import { aPage } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import RechargePage from '.';

/** The recharge record: product statuses with the provider's detail, and a way back to an unpaid checkout. */
const base: RechargeRecord = {
  id: 1,
  amount_cents: 2_000,
  fee_cents: 60,
  total_cents: 2_060,
  status: 'paid',
  payment_detail: null,
  payment_received: null,
  payment_extra_cents: 0,
  created_at: '2026-03-01T12:00:00.000Z',
  paid_at: '2026-03-01T12:05:00.000Z',
  checkout_url: null,
};
const unpaid: RechargeRecord = {
  ...base,
  id: 3,
  amount_cents: 5_000,
  fee_cents: 150,
  total_cents: 5_150,
  status: 'unpaid',
  paid_at: null,
  checkout_url: checkoutUrl('recharge-3'),
};
const expired: RechargeRecord = {
  ...base,
  id: 2,
  total_cents: 3_090,
  status: 'cancelled',
  payment_detail: 'expired',
  paid_at: null,
};

const underpaid: RechargeRecord = {
  ...base,
  id: 4,
  status: 'cancelled',
  payment_detail: 'underpaid',
  payment_received: { amount: '10.30', currency: 'USDT' },
  paid_at: null,
};
const paidOver: RechargeRecord = {
  ...base,
  id: 5,
  payment_detail: 'paid_over',
  payment_received: { amount: '22.66', currency: 'USDT' },
};

async function openRecord(list: RechargeRecord[]) {
  signIn({ balance_cents: 0 });
  mockEndpoint(rechargeEndpoints.record, aPage(list));
  mockEndpoint(balanceEndpoints.history, aPage([]));
  const view = await renderPage(RechargePage, { path: paths.recharge });
  const table = await screen.findByTestId('recharge-record-table');
  await within(table).findAllByText('Paid');
  return { ...view, table: within(table) };
}

/** The first row under the header, of a table's rows. */
function firstRow(rows: HTMLElement[]) {
  const row = rows[1];
  if (row === undefined) throw new Error('The table has no rows');
  return within(row);
}

describe('recharge record', () => {
  it('shows the product status with the provider detail, and money paid only for paid top-ups', async () => {
    const { table } = await openRecord([expired, base]);

    const [cancelledRow, paidRow] = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(cancelledRow?.getByText('Cancelled')).toBeTruthy();
    expect(cancelledRow?.getByText('expired')).toBeTruthy();
    expect(paidRow?.getByText('Paid')).toBeTruthy();
    // The id payment notices and mails quote ("top-up #3") is in its own column.
    expect(cancelledRow?.getByTestId('recharge-id').textContent).toBe(`#${expired.id}`);
    expect(paidRow?.getByTestId('recharge-id').textContent).toBe(`#${base.id}`);
    // "Total paid": the paid top-up's total; nothing for the one that expired.
    expect(paidRow?.getByText('$20.60')).toBeTruthy();
    expect(cancelledRow?.queryByText('$30.90')).toBeNull();
    // Times in UTC, labelled.
    expect(table.getAllByText('2026-03-01 12:00 UTC')).toHaveLength(2);
  });

  it('an underpaid top-up has its own status, says what arrived and under review, its reference and support', async () => {
    const { table } = await openRecord([underpaid, base]);

    const row = firstRow(table.getAllByRole('row'));
    // Its own status, not "Cancelled" beside "under review".
    expect(row.queryByText('Cancelled')).toBeNull();
    expect(row.getByText('Underpaid').closest('.ant-tag')?.className).toContain('ant-tag-orange');
    expect(row.getByText('10.30 USDT received, under review')).toBeTruthy();
    expect(row.getByText('Reference: top-up #4')).toBeTruthy();
    const support = row.getByRole('link', { name: named('Contact support') });
    // The address is the server's SUPPORT_EMAIL (GET /site/settings).
    await expect
      .poll(() => support.getAttribute('href'))
      .toBe('mailto:help@reseller.test?subject=top-up%20%234');
    // Nothing was credited: no "Total paid".
    expect(row.queryByText('$20.60')).toBeNull();
  });

  it('an underpayment an operator credited says so, with no support link and no total paid', async () => {
    const credited: RechargeRecord = { ...underpaid, payment_detail: 'credited' };
    const { table } = await openRecord([credited, base]);

    const row = firstRow(table.getAllByRole('row'));
    expect(row.queryByText('Cancelled')).toBeNull();
    expect(row.getByText('Credited')).toBeTruthy();
    expect(row.getByText('10.30 USDT received and credited to your balance')).toBeTruthy();
    expect(row.queryByText(/Reference:/)).toBeNull();
    expect(row.queryByRole('link', { name: named('Contact support') })).toBeNull();
    expect(row.queryByText('$20.60')).toBeNull();
  });

  it('a paid-over top-up shows what arrived beside its total, and the extra credited to the balance', async () => {
    const { table } = await openRecord([{ ...paidOver, payment_extra_cents: 200 }]);

    const row = firstRow(table.getAllByRole('row'));
    expect(row.getByText('$20.60')).toBeTruthy();
    expect(
      row.getByText('paid over: 22.66 USDT received; the extra $2.00 was added to your balance'),
    ).toBeTruthy();
    // Nothing for a person to do.
    expect(row.queryByRole('link', { name: named('Contact support') })).toBeNull();
  });

  it('a paid-over top-up whose extra could not be valued sends the customer to support', async () => {
    const { table } = await openRecord([paidOver]);

    const row = firstRow(table.getAllByRole('row'));
    expect(row.getByText('paid over: 22.66 USDT received; the extra is handled by support')).toBeTruthy();
    expect(row.getByText('Reference: top-up #5')).toBeTruthy();
    await expect
      .poll(() => row.getByRole('link', { name: named('Contact support') }).getAttribute('href'))
      .toBe('mailto:help@reseller.test?subject=top-up%20%235');
  });

  it('uses the same status colours as the orders list, and no "(UTC)" in the column titles', async () => {
    const { table } = await openRecord([unpaid, base]);

    // Orders and top-ups share one map: "Unpaid" is orange (warning) in both lists.
    expect(table.getByText('Unpaid').closest('.ant-tag')?.className).toContain('ant-tag-warning');
    expect(
      table.getByText('Paid', { selector: '.ant-tag, .ant-tag *' }).closest('.ant-tag')?.className,
    ).toContain('ant-tag-success');
    // Every time cell says "UTC" itself.
    const titles = table.getAllByRole('columnheader').map((th) => th.textContent);
    expect(titles).toEqual(expect.arrayContaining(['Created', 'Paid']));
    expect(titles.join(' ')).not.toContain('UTC');
  });

  it('an unpaid top-up can be reopened at its checkout or checked again', async () => {
    const check = mockEndpoint(rechargeEndpoints.check, (_input, call) =>
      call === 1
        ? refuse('PaymentPending', 'The payment has not arrived yet', { ...unpaid, balance_cents: 0 })
        : {
            ...unpaid,
            status: 'paid' as const,
            checkout_url: null,
            paid_at: '2026-03-01T12:09:00.000Z',
            balance_cents: 5_000,
          },
    );
    const { user, table } = await openRecord([unpaid, base]);

    expect(table.getByText('Unpaid')).toBeTruthy();
    const pay = table.getByRole('link', { name: named('Pay') });
    expect(pay.getAttribute('href')).toBe(unpaid.checkout_url);

    await user.click(table.getByRole('button', { name: named('Check payment') }));
    // Still unpaid: the wrapper's toast says so (docs/product.md#request-wrapper).
    await expect
      .poll(() => document.querySelector('.ant-message')?.textContent ?? '')
      .toContain('The payment has not arrived yet');
    await user.click(table.getByRole('button', { name: named('Check payment') }));
    await screen.findByText('$50.00 added to your balance');
    expect(check.inputs).toEqual([{ recharge_id: 3 }, { recharge_id: 3 }]);
  });
});
