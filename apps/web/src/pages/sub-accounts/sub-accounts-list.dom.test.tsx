import { subEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aSub, gb } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { mockSubList } from '../../test/subaccounts-api';
import { named } from '../../test/queries';
import SubAccountsPage from '.';

const shop = aSub({ id: 5, username: 'shopproxy2026', remark: 'shop', traffic_left_bytes: gb(3) });

async function openSubAccounts() {
  signIn({ traffic_left_bytes: gb(10) });
  const list = mockSubList([shop], gb(10));
  const view = await renderPage(SubAccountsPage, { path: paths.subAccounts });
  await screen.findByText(shop.username);
  return { ...view, list };
}

describe('sub-accounts list', () => {
  it('shows each sub-account with its traffic and what the main account can give', async () => {
    await openSubAccounts();
    const row = screen.getByRole('row', { name: new RegExp(shop.username) });
    expect(within(row).getByText('shop')).toBeTruthy();
    expect(within(row).getByText('3.00 GB')).toBeTruthy();
    expect(screen.getByTestId('main-traffic-left').textContent).toBe('10.00 GB');
  });

  it('marks sub-accounts out of traffic or low, states small amounts in MB and "Created" in UTC', async () => {
    signIn({ traffic_left_bytes: gb(10) });
    mockSubList(
      [
        aSub({
          id: 1,
          username: 'dryaccount2026',
          allocated_bytes: gb(2),
          traffic_left_bytes: 0,
          traffic_used_bytes: gb(2),
        }),
        aSub({
          id: 2,
          username: 'smallaccount2026',
          allocated_bytes: 5_000_000,
          traffic_left_bytes: 5_000_000,
          traffic_used_bytes: 0,
          created_at: '2026-02-01T23:30:00.000Z',
        }),
        aSub({ id: 3, username: 'fullaccount2026', allocated_bytes: gb(5), traffic_left_bytes: gb(3) }),
        aSub({
          id: 4,
          username: 'newaccount2026',
          allocated_bytes: 0,
          traffic_left_bytes: 0,
          traffic_used_bytes: 0,
        }),
      ],
      gb(10),
    );
    await renderPage(SubAccountsPage, { path: paths.subAccounts });
    const dry = await screen.findByRole('row', { name: /dryaccount2026/ });
    expect(within(dry).getByText('Active')).toBeTruthy();
    expect(within(dry).getByText('Out of traffic')).toBeTruthy();
    const small = screen.getByRole('row', { name: /smallaccount2026/ });
    expect(within(small).getByText('Low traffic')).toBeTruthy();
    // 5 MB reads as 5.00 MB in every traffic column, not "0.01 / 0.00" GB.
    expect(within(small).getAllByText('5.00 MB')).toHaveLength(2);
    expect(within(small).getByText('2026-02-01 23:30 UTC')).toBeTruthy();
    const full = screen.getByRole('row', { name: /fullaccount2026/ });
    expect(within(full).queryByTestId('sub-traffic-state')).toBeNull();
    // Never given traffic: a neutral grey "No traffic yet", not the red "Out of traffic".
    const fresh = screen.getByRole('row', { name: /newaccount2026/ });
    expect(within(fresh).queryByText('Out of traffic')).toBeNull();
    const tag = within(fresh).getByTestId('sub-traffic-state');
    expect(tag.textContent).toBe('No traffic yet');
    expect(tag.className).not.toMatch(/error/);
  });

  it('searches on the server once typing pauses', async () => {
    const { user, list } = await openSubAccounts();
    await user.type(screen.getByRole('textbox', { name: 'Search by username or remark' }), 'shop');
    await expect.poll(() => list.inputs.at(-1)).toEqual({ page: 1, page_size: 10, search: 'shop' });
    // Once, not per keystroke.
    expect(list.inputs.filter((input) => input.search !== undefined && input.search !== '')).toHaveLength(1);
  });

  it('goes to the add page and to the edit page of a row', async () => {
    const { user, location, router } = await openSubAccounts();
    await user.click(screen.getByRole('button', { name: named('Add sub-account') }));
    expect(location()).toBe(paths.addSubAccount);

    await router.navigate(paths.subAccounts);
    const row = await screen.findByRole('row', { name: new RegExp(shop.username) });
    await user.click(within(row).getByRole('button', { name: named('Edit') }));
    expect(location()).toBe(`${paths.editSubAccount}?id=5`);
  });

  it('disables a sub-account from its switch once confirmed; Cancel changes nothing', async () => {
    const status = mockEndpoint(subEndpoints.status, { ...shop, status: 'disabled' });
    const { user } = await openSubAccounts();
    const row = screen.getByRole('row', { name: new RegExp(shop.username) });
    await user.click(within(row).getByRole('switch'));
    expect(await screen.findByText(`Disable ${shop.username}?`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: named('Cancel') }));
    expect(status.inputs).toEqual([]);

    await user.click(within(row).getByRole('switch'));
    await user.click(await screen.findByTestId('sub-status-confirm'));
    await screen.findByText(`${shop.username} is disabled and can no longer use the proxy`);
    expect(status.inputs).toEqual([{ id: shop.id, status: 'disabled' }]);
  });
});
