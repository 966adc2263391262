import { adminAuditEndpoints, type AuditEntry } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aPage } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminAuditPage from '.';

const adjustment: AuditEntry = {
  id: 7,
  created_at: '2026-11-26T08:15:00.000Z',
  operator_id: 1,
  operator_email: 'op@example.com',
  action: 'customer.adjust_balance',
  target_type: 'account',
  target_id: '42',
  account_id: 42,
  account_email: 'buyer@example.com',
  before: { balance_cents: '1000' },
  after: { balance_cents: '3500' },
  reason: 'Goodwill credit for ticket 1234',
};
const fromCli: AuditEntry = {
  ...adjustment,
  id: 6,
  operator_id: null,
  operator_email: null,
  action: 'catalogue.coupon_create',
  target_type: 'coupon',
  target_id: 'WELCOME',
  account_id: null,
  account_email: null,
  before: null,
  after: { code: 'WELCOME', percent: 10 },
  reason: null,
};

describe('console audit log', () => {
  it('lists who did what, before → after and why; the command line by name', async () => {
    signIn({ access: { name: 'operator' } });
    mockEndpoint(adminAuditEndpoints.list, aPage([adjustment, fromCli]));
    await renderPage(AdminAuditPage, { path: paths.adminAudit });

    const row = await screen.findByRole('row', { name: /Adjusted the balance/ });
    expect(within(row).getByText('2026-11-26 08:15 UTC')).toBeTruthy();
    expect(within(row).getByText('op@example.com')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'buyer@example.com' }).getAttribute('href')).toBe(
      '/admin/customer?id=42',
    );
    expect(within(row).getByText('1000')).toBeTruthy();
    expect(within(row).getByText('3500')).toBeTruthy();
    expect(within(row).getByText('Goodwill credit for ticket 1234')).toBeTruthy();
    const cli = screen.getByRole('row', { name: /Created a coupon/ });
    expect(within(cli).getByText('command line')).toBeTruthy();
  });

  it('sends the search, the action and the customer of the page address as filters', async () => {
    signIn({ access: { name: 'operator' } });
    const list = mockEndpoint(adminAuditEndpoints.list, aPage([adjustment]));
    const { user } = await renderPage(AdminAuditPage, {
      path: paths.adminAudit,
      url: `${paths.adminAudit}?account_id=42`,
    });
    await screen.findByRole('row', { name: /Adjusted the balance/ });
    await user.type(screen.getByPlaceholderText('Reason, object id or email'), ' ticket {Enter}');
    await screen.findByText('Clear filters');
    expect(list.inputs.at(-1)).toEqual({ page: 1, page_size: 20, q: 'ticket', account_id: 42 });
    expect(list.inputs[0]).toEqual({ page: 1, page_size: 20, account_id: 42 });
  });
});
