import { adminCustomersEndpoints as calls } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { named } from '../../test/queries';
import { aCustomer, openCustomerPage as openPage } from '../../test/customers-api';
import AdminCustomerPage from '.';

const openCustomerPage = (customer = aCustomer()) => openPage(AdminCustomerPage, customer);

async function openDisable() {
  const view = await openCustomerPage();
  await view.user.click(await screen.findByRole('button', { name: named('Disable') }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Disable buyer@example.com?' }));
  return { ...view, dialog };
}

describe('disabling a customer', () => {
  it('asks to confirm with a reason and sends exactly the account and the reason', async () => {
    const disable = mockEndpoint(calls.disable, { status: 'disabled', role: 'customer' });
    const { user, dialog } = await openDisable();
    dialog.getByText(/every proxy of the account/);
    await user.click(dialog.getByRole('button', { name: named('Disable') }));
    // No reason: nothing is sent.
    await dialog.findByText('Give a reason of 3 to 500 characters: it is kept in the audit log');
    expect(disable.sent).toEqual([]);

    await user.type(dialog.getByLabelText('Reason'), 'Chargeback fraud');
    await user.click(dialog.getByRole('button', { name: named('Disable') }));
    await screen.findByText('Account disabled');
    expect(disable.sent).toEqual([{ account_id: '42', reason: 'Chargeback fraud' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    mockEndpoint(calls.disable, refuse('OwnAccount', 'You cannot do this to your own account'));
    const { user, dialog } = await openDisable();
    await user.type(dialog.getByLabelText('Reason'), 'Testing the refusal');
    await user.click(dialog.getByRole('button', { name: named('Disable') }));
    expect((await dialog.findByTestId('action-problem')).textContent).toContain(
      'You cannot do this to your own account',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers what fits the account: enable when disabled, resend while pending, nothing against oneself', async () => {
    await openCustomerPage(
      aCustomer({
        account: { ...aCustomer().account, id: 7, status: 'disabled', role: 'operator', activated_at: null },
      }),
    );
    const actions = within(await screen.findByTestId('customer-actions'));
    expect(actions.getByRole('button', { name: named('Enable') })).toBeTruthy();
    expect(actions.queryByRole('button', { name: named('Disable') })).toBeNull();
    expect(actions.queryByRole('button', { name: named('Sign out everywhere') })).toBeNull();
    expect(actions.queryByRole('button', { name: named('Remove operator rights') })).toBeNull();
  });
});
