import { subEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aSub, gb } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { mockSubList } from '../../test/subaccounts-api';
import { named } from '../../test/queries';
import EditSubAccountPage from '.';
import { mockAlerts } from '../../test/alerts-api';

const shop = aSub({ id: 5, username: 'shopproxy2026', remark: 'shop', traffic_left_bytes: gb(3) });

async function openEditSub(found = true) {
  signIn({ traffic_left_bytes: gb(10) });
  const list = mockSubList(found ? [shop] : [], gb(10));
  const view = await renderPage(EditSubAccountPage, {
    path: paths.editSubAccount,
    url: `${paths.editSubAccount}?id=${shop.id}`,
  });
  return { ...view, list };
}

// The page reads the account's alert settings (its alerts card).
beforeEach(() => {
  mockAlerts();
});
describe('edit sub-account', () => {
  it('loads the sub-account of ?id= and shows its traffic', async () => {
    const { list } = await openEditSub();
    expect(await screen.findByTestId('sub-edit-username')).toHaveProperty('textContent', shop.username);
    expect(screen.getByText('3.00 GB')).toBeTruthy();
    expect(list.inputs).toHaveLength(1);
    expect(list.inputs[0]).toMatchObject({ page: 1, page_size: 1, id: shop.id });
  });

  it('saves a new remark', async () => {
    const remark = mockEndpoint(subEndpoints.remark, { ...shop, remark: 'shop EU' });
    const { user } = await openEditSub();
    const field = await screen.findByRole('textbox', { name: 'Remark' });
    await user.clear(field);
    await user.type(field, ' shop EU ');
    await user.click(screen.getByRole('button', { name: named('Save remark') }));

    await screen.findByText('Remark saved');
    expect(remark.inputs).toEqual([{ id: shop.id, remark: 'shop EU' }]);
  });

  it('sets a chosen password, or asks the server to generate one when left empty, each once confirmed', async () => {
    const password = mockEndpoint(subEndpoints.password, shop);
    const { user } = await openEditSub();
    const field = await screen.findByLabelText('New password');
    await user.type(field, 'new.Pass-2026');
    await user.click(screen.getByRole('button', { name: named('Change password') }));
    await user.click(await screen.findByRole('button', { name: named('Replace password') }));
    await screen.findByText(`New password saved for ${shop.username}`);

    await user.click(screen.getByRole('button', { name: named('Change password') }));
    await user.click(await screen.findByRole('button', { name: named('Replace password') }));
    await expect.poll(() => password.inputs.length).toBe(2);
    expect(password.inputs).toEqual([{ id: shop.id, password: 'new.Pass-2026' }, { id: shop.id }]);
  });

  it('asks before replacing the live password, saying connected proxies stop; Cancel changes nothing', async () => {
    const password = mockEndpoint(subEndpoints.password, shop);
    const { user } = await openEditSub();
    await user.type(await screen.findByLabelText('New password'), 'new.Pass-2026');
    await user.click(screen.getByRole('button', { name: named('Change password') }));

    const dialog = within(
      await screen.findByRole('dialog', { name: `Replace the password of ${shop.username}?` }),
    );
    expect(dialog.getByText(/proxies and programs connected with it are cut off/)).toBeTruthy();
    expect(password.inputs).toEqual([]);
    await user.click(dialog.getByRole('button', { name: named('Cancel') }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(password.inputs).toEqual([]);
    // What was typed is still there to confirm later.
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('new.Pass-2026');
  });

  it('says a sub-account that ran dry is out of traffic, not just "Active"', async () => {
    signIn({ traffic_left_bytes: gb(10) });
    mockSubList(
      [{ ...shop, allocated_bytes: gb(1), traffic_left_bytes: 0, traffic_used_bytes: gb(1) }],
      gb(10),
    );
    await renderPage(EditSubAccountPage, {
      path: paths.editSubAccount,
      url: `${paths.editSubAccount}?id=${shop.id}`,
    });
    expect(await screen.findByText('Out of traffic')).toBeTruthy();
    expect(screen.getByTestId('sub-edit-left').textContent).toBe('0.00 MB');
    // Used exactly what it was given: no overrun line.
    expect(screen.queryByTestId('sub-overrun')).toBeNull();
  });

  it('states an overrun as one line: how much beyond the allocation, and who paid for it', async () => {
    signIn({ traffic_left_bytes: gb(10) });
    const overrun = { allocated_bytes: 200_000_000, traffic_left_bytes: 0, traffic_used_bytes: 205_189_829 };
    mockSubList([{ ...shop, ...overrun }], gb(10));
    await renderPage(EditSubAccountPage, {
      path: paths.editSubAccount,
      url: `${paths.editSubAccount}?id=${shop.id}`,
    });
    expect((await screen.findByTestId('sub-overrun')).textContent).toBe(
      '5.19 MB used beyond its allocation, taken from the main account',
    );
  });

  it('moves traffic with the same form as the list dialog', async () => {
    const traffic = mockEndpoint(subEndpoints.traffic, { sub: shop, main_traffic_left_bytes: gb(9) });
    const { user } = await openEditSub();
    await user.type(await screen.findByLabelText('Amount (GB)'), '1');
    await user.click(screen.getByRole('button', { name: named('Allocate') }));

    await screen.findByText(`1.00 GB allocated to ${shop.username}`);
    expect(traffic.sent).toEqual([
      { id: '5', action: 'allocate', traffic: '1', request_id: expect.any(String) as string },
    ]);
  });

  it('says "not found" for an id that is not one of this account\'s sub-accounts', async () => {
    await openEditSub(false);
    await screen.findByText('Sub-account not found');
  });
});
