import { adminCustomersEndpoints as calls, type CustomerRow } from '@resiport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminCustomerHref, paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminCustomersPage from '.';

const buyer: CustomerRow = {
  id: 42,
  email: 'buyer@example.com',
  status: 'active',
  role: 'customer',
  balance_cents: 1250,
  traffic_left_bytes: 2_500_000_000,
  subaccount_count: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  last_seen_at: null,
};

describe('the customers list', () => {
  it('searches with the typed text and the filters, shows the figures, and opens a customer', async () => {
    signIn({ access: { name: 'operator' } });
    const list = mockEndpoint(calls.list, (input) => ({
      list: input.q === 'shopproxy' ? [buyer] : [],
      total: input.q === 'shopproxy' ? 1 : 0,
      page: input.page,
      page_size: input.page_size,
    }));
    const view = await renderPage(AdminCustomersPage, { path: paths.adminCustomers });
    await screen.findByText('No customer matches');
    await view.user.type(
      screen.getByRole('searchbox', { name: 'Email, account id, sub-account or IP' }),
      'shopproxy{Enter}',
    );

    const row = within(await screen.findByTestId('customer-row-42'));
    expect(row.getByText('$12.50')).toBeTruthy();
    expect(row.getByText('2.50 GB')).toBeTruthy();
    expect(row.getByText('Never')).toBeTruthy();
    expect(list.inputs.at(-1)).toMatchObject({ q: 'shopproxy', page: 1, page_size: 20 });
    expect(view.location()).toBe(`${paths.adminCustomers}?q=shopproxy`);

    await view.user.click(row.getByText('Active'));
    await waitFor(() => expect(view.location()).toBe(adminCustomerHref(42)));
  });
});
