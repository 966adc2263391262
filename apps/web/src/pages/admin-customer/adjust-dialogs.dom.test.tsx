import { adminCustomersEndpoints as calls } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { named } from '../../test/queries';
import { aCustomer, openCustomerPage as openPage } from '../../test/customers-api';
import AdminCustomerPage from '.';

const openCustomerPage = (customer = aCustomer()) => openPage(AdminCustomerPage, customer);

const key = expect.stringMatching(/^[\w-]{8,64}$/) as unknown as string;

async function openDialog(button: string, title: string) {
  const view = await openCustomerPage(aCustomer({ balance_cents: 1000 }));
  await view.user.click(await screen.findByRole('button', { name: named(button) }));
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  return { ...view, dialog };
}

describe('adjusting a customer’s balance', () => {
  it('sends the account, the signed amount as typed, the reason and a key; the preview shows the result', async () => {
    const adjust = mockEndpoint(calls.adjustBalance, {
      ledger_entry_id: 9,
      amount_cents: -250,
      balance_cents: 750,
    });
    const { user, dialog } = await openDialog('Adjust balance', 'Adjust the balance of buyer@example.com');
    expect(dialog.getByTestId('adjust-now').textContent).toBe('$10.00');
    await user.type(dialog.getByLabelText('Amount (USD)'), '-2.50');
    expect(dialog.getByTestId('adjust-after').textContent).toBe('$7.50');
    await user.type(dialog.getByLabelText('Reason'), 'Refund of a duplicate top-up');
    await user.click(dialog.getByRole('button', { name: named('Post the adjustment') }));

    await screen.findByText('Balance adjusted by -$2.50');
    expect(adjust.sent).toEqual([
      { account_id: '42', amount: '-2.50', reason: 'Refund of a duplicate top-up', idempotency_key: key },
    ]);
    expect(adjust.inputs[0]).toMatchObject({ account_id: 42, amount: -250 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not post a debit beyond the balance, nor an amount the contract refuses', async () => {
    const adjust = mockEndpoint(calls.adjustBalance, {
      ledger_entry_id: 9,
      amount_cents: 1,
      balance_cents: 1,
    });
    const { user, dialog } = await openDialog('Adjust balance', 'Adjust the balance of buyer@example.com');
    await user.type(dialog.getByLabelText('Reason'), 'Too much');
    await user.type(dialog.getByLabelText('Amount (USD)'), '-10.01');
    await dialog.findByText('More than the customer has: the server will refuse it');
    expect(dialog.getByRole('button', { name: named('Post the adjustment') })).toHaveProperty(
      'disabled',
      true,
    );
    await user.clear(dialog.getByLabelText('Amount (USD)'));
    await user.type(dialog.getByLabelText('Amount (USD)'), '1.005');
    await user.click(dialog.getByRole('button', { name: named('Post the adjustment') }));
    await dialog.findByText('Enter a signed USD amount other than zero, with at most two decimals');
    expect(adjust.inputs).toEqual([]);
  });

  it('keeps the dialog open with the server’s refusal, and a retry of the same amount sends the same key', async () => {
    const adjust = mockEndpoint(calls.adjustBalance, (_input, call) =>
      call === 1
        ? refuse('AdjustmentExceedsBalance', 'The customer has only 3.00 USD; nothing was changed', {
            available_cents: 300,
          })
        : { ledger_entry_id: 10, amount_cents: -500, balance_cents: 500 },
    );
    const { user, dialog } = await openDialog('Adjust balance', 'Adjust the balance of buyer@example.com');
    await user.type(dialog.getByLabelText('Amount (USD)'), '-5');
    await user.type(dialog.getByLabelText('Reason'), 'Chargeback');
    await user.click(dialog.getByRole('button', { name: named('Post the adjustment') }));

    expect((await dialog.findByTestId('adjust-problem')).textContent).toContain(
      'The customer has only 3.00 USD; nothing was changed',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: named('Post the adjustment') }));
    await screen.findByText('Balance adjusted by -$5.00');
    expect(adjust.sent).toHaveLength(2);
    expect(adjust.sent[1]?.idempotency_key).toBe(adjust.sent[0]?.idempotency_key);
  });
});

describe('adjusting a customer’s traffic', () => {
  it('sends the signed GB as typed with the account, the reason and a key', async () => {
    const adjust = mockEndpoint(calls.adjustTraffic, {
      ledger_entry_id: 11,
      amount_bytes: 1_500_000_000,
      traffic_left_bytes: 3_500_000_000,
    });
    const { user, dialog } = await openDialog('Adjust traffic', 'Adjust the traffic of buyer@example.com');
    expect(dialog.getByTestId('adjust-now').textContent).toBe('2.00 GB');
    await user.type(dialog.getByLabelText('Amount (GB)'), '1.5');
    expect(dialog.getByTestId('adjust-after').textContent).toBe('3.50 GB');
    await user.type(dialog.getByLabelText('Reason'), 'Outage compensation');
    await user.click(dialog.getByRole('button', { name: named('Post the adjustment') }));

    await screen.findByText('Traffic adjusted by +1.50 GB');
    expect(adjust.sent).toEqual([
      { account_id: '42', traffic: '1.5', reason: 'Outage compensation', idempotency_key: key },
    ]);
    expect(adjust.inputs[0]).toMatchObject({ account_id: 42, traffic: 1_500_000_000 });
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    mockEndpoint(calls.adjustTraffic, refuse('Forbidden', 'You do not have permission to do this'));
    const { user, dialog } = await openDialog('Adjust traffic', 'Adjust the traffic of buyer@example.com');
    await user.type(dialog.getByLabelText('Amount (GB)'), '-0.5');
    await user.type(dialog.getByLabelText('Reason'), 'Given by mistake');
    await user.click(dialog.getByRole('button', { name: named('Post the adjustment') }));

    expect((await dialog.findByTestId('adjust-problem')).textContent).toContain(
      'You do not have permission to do this',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
