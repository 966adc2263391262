import { orderEndpoints, type Order } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { checkoutUrl } from '../../test/checkout';
import { aPage } from '../../test/fixtures';
import { aPaidOrder } from '../../test/orders-api';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import { OrdersCard } from './orders-card';

/** The orders list: a crypto payment's outcome stays readable in its row once the notice is gone. */
const crypto: Order = { ...aPaidOrder(41), paid_type: 'cryptomus', fee_cents: 90, total_cents: 3_090 };
const underpaid: Order = {
  ...crypto,
  status: 'cancelled',
  paid_at: null,
  payment_detail: 'underpaid',
  payment_received: { amount: '10.30', currency: 'USDT' },
};
const unpaid: Order = {
  ...crypto,
  id: 42,
  status: 'unpaid',
  paid_at: null,
  checkout_url: checkoutUrl('order-42'),
};

async function openOrders(list: Order[]) {
  signIn();
  mockEndpoint(orderEndpoints.list, aPage(list));
  await renderPage(() => <OrdersCard buyButton={null} />, { path: paths.residential });
  const table = await screen.findByTestId('orders-table');
  await within(table).findAllByText(/^(Cancelled|Underpaid|Unpaid|Refunded)$/);
  return within(table);
}

/** The first row under the header, of a table's rows. */
function firstRow(rows: HTMLElement[]) {
  const row = rows[1];
  if (row === undefined) throw new Error('The table has no rows');
  return within(row);
}

describe('orders list', () => {
  it('an underpaid order says what arrived, that it is under review, and links to support', async () => {
    const table = await openOrders([underpaid]);

    const row = firstRow(table.getAllByRole('row'));
    expect(row.queryByText('Cancelled')).toBeNull();
    expect(row.getByText('Underpaid')).toBeTruthy();
    expect(row.getByText('10.30 USDT received, under review')).toBeTruthy();
    expect(row.getByText(`Reference: order #${underpaid.id}`)).toBeTruthy();
    await expect
      .poll(() => row.getByRole('link', { name: named('Contact support') }).getAttribute('href'))
      .toBe('mailto:help@reseller.test?subject=order%20%2341');
  });

  it('"Unpaid" has the colour it has in the recharge record', async () => {
    const table = await openOrders([unpaid]);

    expect(table.getByText('Unpaid').closest('.ant-tag')?.className).toContain('ant-tag-warning');
  });

  it('a refunded order says how much went back to the balance', async () => {
    const refunded: Order = { ...aPaidOrder(43), status: 'refunded', refunded_cents: 2_250 };
    const table = await openOrders([refunded]);

    const row = firstRow(table.getAllByRole('row'));
    expect(row.getByText('Refunded')).toBeTruthy();
    expect(row.getByTestId('order-refunded').textContent).toBe('$22.50 back to your balance');
  });
});
