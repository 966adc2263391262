import { whitelistEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aWhitelistEntry, aPage } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import WhitelistPage from '.';

/**
 * Regression: the dialog kept the values of the entry edited before — Edit A, Cancel,
 * Edit B showed A's IP and remark, "Add IP" came pre-filled, and saving B sent A's IP over it.
 */
const office = aWhitelistEntry({ id: 11, ip: '203.0.113.7', remark: 'office' });
const home = aWhitelistEntry({ id: 12, ip: '198.51.100.4', remark: 'home' });

async function openWhitelist() {
  signIn();
  mockEndpoint(whitelistEndpoints.list, { ...aPage([office, home]), limit: 50, current_ip: '192.0.2.1' });
  const view = await renderPage(WhitelistPage, { path: paths.whitelist });
  await screen.findByText(office.ip);
  return view;
}

async function editDialogOf(user: Awaited<ReturnType<typeof openWhitelist>>['user'], ip: string) {
  const row = screen.getByRole('row', { name: new RegExp(ip.replaceAll('.', '\\.')) });
  await user.click(within(row).getByRole('button', { name: named('Edit') }));
  return screen.findByRole('dialog', { name: 'Edit whitelisted IP' });
}

function fieldsOf(dialog: HTMLElement) {
  return {
    ip: within(dialog).getByLabelText<HTMLInputElement>('IP address'),
    remark: within(dialog).getByLabelText<HTMLInputElement>('Remark'),
  };
}

describe('the whitelist dialog', () => {
  it('shows the entry being edited, not the one edited before', async () => {
    const { user } = await openWhitelist();
    const first = await editDialogOf(user, office.ip);
    expect(fieldsOf(first).ip.value).toBe(office.ip);
    await user.click(within(first).getByRole('button', { name: named('Cancel') }));

    const second = await editDialogOf(user, home.ip);
    expect(fieldsOf(second).ip.value).toBe(home.ip);
    expect(fieldsOf(second).remark.value).toBe('home');
  });

  it('opens "Add IP" empty after an edit was cancelled', async () => {
    const { user } = await openWhitelist();
    const edit = await editDialogOf(user, office.ip);
    await user.click(within(edit).getByRole('button', { name: named('Cancel') }));

    await user.click(screen.getByRole('button', { name: named('Add IP') }));
    const add = await screen.findByRole('dialog', { name: 'Add an IP to the whitelist' });
    expect(fieldsOf(add).ip.value).toBe('');
    expect(fieldsOf(add).remark.value).toBe('');
  });

  it('saves the entry being edited with its own address', async () => {
    const { user } = await openWhitelist();
    const update = mockEndpoint(whitelistEndpoints.update, { ...home, remark: 'home router' });
    const first = await editDialogOf(user, office.ip);
    await user.click(within(first).getByRole('button', { name: named('Cancel') }));

    const second = await editDialogOf(user, home.ip);
    await user.clear(fieldsOf(second).remark);
    await user.type(fieldsOf(second).remark, 'home router');
    await user.click(within(second).getByRole('button', { name: named('Save') }));

    await screen.findByText('Whitelist entry saved');
    // The address did not change, so it is not sent: only the remark of entry 12.
    expect(update.inputs).toEqual([{ id: home.id, remark: 'home router' }]);
  });
});
