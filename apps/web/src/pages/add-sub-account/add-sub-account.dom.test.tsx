import { subEndpoints, validationMessages } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { aSub, gb } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import AddSubAccountPage from '.';

async function openAddSub() {
  signIn({ traffic_left_bytes: gb(10) });
  const view = await renderPage(AddSubAccountPage, { path: paths.addSubAccount });
  const field = (label: string) => screen.getByLabelText(label);
  await screen.findByRole('button', { name: named('Create sub-account') });
  return { ...view, field };
}

describe('add sub-account', () => {
  it('creates it with a generated password and initial traffic sent in GB, then lists it', async () => {
    const add = mockEndpoint(subEndpoints.add, aSub({ id: 9, username: 'shopproxy2026', remark: 'shop' }));
    const { user, field, location } = await openAddSub();
    await user.type(field('Username'), 'ShopProxy2026');
    await user.type(field('Remark'), 'shop');
    await user.type(field('Initial traffic (GB)'), '1.5');
    await user.click(screen.getByRole('button', { name: named('Create sub-account') }));

    await screen.findByText('Sub-account shopproxy2026 created');
    expect(location()).toBe(paths.subAccounts);
    // No password: the server generates one.
    expect(add.sent).toEqual([{ username: 'ShopProxy2026', remark: 'shop', traffic: '1.5' }]);
    expect(add.inputs).toEqual([{ username: 'shopproxy2026', remark: 'shop', traffic: 1_500_000_000 }]);
  });

  it('sends the limits that were set, and none of those left empty', async () => {
    const add = mockEndpoint(subEndpoints.add, aSub({ id: 9, username: 'shopproxy2026' }));
    const { user, field } = await openAddSub();
    await user.type(field('Username'), 'shopproxy2026');
    await user.type(field('Daily cap'), '0,5');
    await user.type(field('Connections at once'), '20');
    await user.click(screen.getByRole('button', { name: named('Create sub-account') }));

    await screen.findByText('Sub-account shopproxy2026 created');
    expect(add.sent).toEqual([{ username: 'shopproxy2026', daily_cap: '0.5', max_connections: '20' }]);
    expect(add.inputs).toEqual([
      { username: 'shopproxy2026', remark: '', daily_cap: 500_000_000, max_connections: 20 },
    ]);
  });

  it('checks the username as the server does before sending anything', async () => {
    const add = mockEndpoint(subEndpoints.add, aSub({ id: 9, username: 'short' }));
    const { user, field } = await openAddSub();
    await user.type(field('Username'), 'short');
    await user.click(screen.getByRole('button', { name: named('Create sub-account') }));

    await screen.findByText(validationMessages['en-us']['validation.subUsername']);
    expect(add.inputs).toEqual([]);
  });

  it('refuses more initial traffic than the main account has', async () => {
    const add = mockEndpoint(subEndpoints.add, aSub({ id: 9, username: 'shopproxy2026' }));
    const { user, field } = await openAddSub();
    await user.type(field('Username'), 'shopproxy2026');
    await user.type(field('Initial traffic (GB)'), '11');
    await user.click(screen.getByRole('button', { name: named('Create sub-account') }));

    await screen.findByText('At most 10.00 GB is available');
    expect(add.inputs).toEqual([]);
  });

  it('shows a taken username on the username field', async () => {
    mockEndpoint(subEndpoints.add, refuse('UsernameExists', 'Username Exist'));
    const { user, field, container, location } = await openAddSub();
    await user.type(field('Username'), 'shopproxy2026');
    await user.click(screen.getByRole('button', { name: named('Create sub-account') }));

    // In the form (the toast says it too, outside it).
    expect(await within(container).findByText('Username Exist')).toBeTruthy();
    expect(location()).toBe(paths.addSubAccount);
  });
});
