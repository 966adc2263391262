import { subEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { aSub, gb } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { mockSubList } from '../../test/subaccounts-api';
import { named } from '../../test/queries';
import SubAccountsPage from '.';

/** Allocate / Recycle from the list: amounts are typed and sent in GB; the server counts bytes. */
const shop = aSub({ id: 5, username: 'shopproxy2026', traffic_left_bytes: gb(3) });

async function openTrafficDialog() {
  signIn({ traffic_left_bytes: gb(10) });
  mockSubList([shop], gb(10));
  const view = await renderPage(SubAccountsPage, { path: paths.subAccounts });
  const row = await screen.findByRole('row', { name: new RegExp(shop.username) });
  await view.user.click(within(row).getByRole('button', { name: named('Allocate / Recycle') }));
  const dialog = within(await screen.findByRole('dialog', { name: `Traffic of ${shop.username}` }));
  return { ...view, dialog, amount: dialog.getByLabelText('Amount (GB)') };
}

const moved = (sub = shop, mainLeft = gb(10)) => ({ sub, main_traffic_left_bytes: mainLeft });

describe('the traffic dialog', () => {
  it('allocates from the main account, sending the amount in GB', async () => {
    const traffic = mockEndpoint(
      subEndpoints.traffic,
      moved({ ...shop, traffic_left_bytes: gb(5.5) }, gb(7.5)),
    );
    const { user, dialog, amount } = await openTrafficDialog();
    // The main account's figure and "Available" state the same amount the same way.
    expect(dialog.getAllByText('10.00 GB')).toHaveLength(2);
    await user.type(amount, '2.5');
    await user.click(dialog.getByRole('button', { name: named('Allocate') }));

    await screen.findByText(`2.50 GB allocated to ${shop.username}`);
    expect(traffic.sent).toEqual([
      { id: '5', action: 'allocate', traffic: '2.5', request_id: expect.any(String) as string },
    ]);
    expect(traffic.inputs[0]?.traffic).toBe(2_500_000_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('recycles back to the main account, at most what the sub-account has left', async () => {
    const traffic = mockEndpoint(subEndpoints.traffic, moved({ ...shop, traffic_left_bytes: 0 }, gb(13)));
    const { user, dialog } = await openTrafficDialog();
    // The segment's label takes the click (its radio input lets pointer events through to it).
    await user.click(dialog.getByTitle('Recycle'));
    expect(dialog.getByRole<HTMLInputElement>('radio', { name: 'Recycle' }).checked).toBe(true);
    await user.click(dialog.getByRole('button', { name: named('Fill in all 3.00 GB available') }));
    await user.click(dialog.getByRole('button', { name: named('Recycle') }));

    await screen.findByText(`3.00 GB recycled from ${shop.username}`);
    expect(traffic.sent).toEqual([
      { id: '5', action: 'recycle', traffic: '3', request_id: expect.any(String) as string },
    ]);
  });

  it('"Max" moves all of it, and the field, the toast and the request state the same amount', async () => {
    signIn({ traffic_left_bytes: 25_048_952_672 });
    const traffic = mockEndpoint(subEndpoints.traffic, moved(shop, 0));
    mockSubList([shop], 25_048_952_672);
    const view = await renderPage(SubAccountsPage, { path: paths.subAccounts });
    const row = await screen.findByRole('row', { name: new RegExp(shop.username) });
    await view.user.click(within(row).getByRole('button', { name: named('Allocate / Recycle') }));
    const dialog = within(await screen.findByRole('dialog', { name: `Traffic of ${shop.username}` }));
    // "Available" reads like the figure above it (two decimals), not "25.048952672 GB".
    expect(dialog.getByTestId('traffic-available').textContent).toBe('Available: 25.05 GB');
    await view.user.click(
      dialog.getByRole('button', { name: named('Fill in all 25.048952672 GB available') }),
    );
    expect(dialog.getByLabelText<HTMLInputElement>('Amount (GB)').value).toBe('25.048952672');
    await view.user.click(dialog.getByRole('button', { name: named('Allocate') }));

    await screen.findByText(`25.048952672 GB allocated to ${shop.username}`);
    expect(traffic.inputs[0]?.traffic).toBe(25_048_952_672);
  });

  it('refuses more than is available without asking the server', async () => {
    const traffic = mockEndpoint(subEndpoints.traffic, moved());
    const { user, dialog, amount } = await openTrafficDialog();
    await user.type(amount, '10.5');
    await user.click(dialog.getByRole('button', { name: named('Allocate') }));

    await dialog.findByText('At most 10.00 GB is available');
    expect(traffic.inputs).toEqual([]);
  });

  it('shows the server refusing the move on the amount and stays open', async () => {
    mockEndpoint(subEndpoints.traffic, refuse('MainTrafficShort', 'Not enough traffic on the main account'));
    const { user, dialog, amount } = await openTrafficDialog();
    await user.type(amount, '1');
    await user.click(dialog.getByRole('button', { name: named('Allocate') }));

    await dialog.findByText('Not enough traffic on the main account');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
