import { validationMessages, whitelistEndpoints, type WhitelistEntry } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { aWhitelistEntry, aPage } from '../../test/fixtures';
import { lastOf, named } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import WhitelistPage from '.';

const office = aWhitelistEntry({ id: 11, ip: '203.0.113.7', remark: 'office' });

async function openWhitelist(entries: WhitelistEntry[] = [office], currentIp = '192.0.2.1') {
  signIn();
  const list = mockEndpoint(whitelistEndpoints.list, {
    ...aPage(entries),
    limit: 50,
    current_ip: currentIp,
  });
  const view = await renderPage(WhitelistPage, { path: paths.whitelist });
  await screen.findByText(`${entries.length} of 50 IPs used`);
  return { ...view, list };
}

async function openAddDialog(user: Awaited<ReturnType<typeof openWhitelist>>['user']) {
  await user.click(screen.getByRole('button', { name: named('Add IP') }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add an IP to the whitelist' }));
  return { dialog, ip: dialog.getByLabelText('IP address'), remark: dialog.getByLabelText('Remark') };
}

describe('whitelist', () => {
  it('lists the addresses and how many of the allowed number are used', async () => {
    const { list } = await openWhitelist();
    const row = screen.getByRole('row', { name: /203\.0\.113\.7/ });
    expect(within(row).getByText('office')).toBeTruthy();
    expect(list.inputs).toEqual([{ page: 1, page_size: 10 }]);
  });

  it('adds an address with a remark', async () => {
    const add = mockEndpoint(
      whitelistEndpoints.add,
      aWhitelistEntry({ id: 12, ip: '198.51.100.4', remark: 'vpn' }),
    );
    const { user } = await openWhitelist();
    const { dialog, ip, remark } = await openAddDialog(user);
    await user.type(ip, ' 198.51.100.4 ');
    await user.type(remark, 'vpn');
    await user.click(dialog.getByRole('button', { name: named('Add') }));

    await screen.findByText('198.51.100.4 added to the whitelist');
    expect(add.inputs).toEqual([{ ip: '198.51.100.4', remark: 'vpn' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('fills in the address this browser calls from', async () => {
    const add = mockEndpoint(whitelistEndpoints.add, aWhitelistEntry({ id: 12, ip: '192.0.2.1' }));
    const { user } = await openWhitelist();
    const { dialog, ip } = await openAddDialog(user);
    await user.click(dialog.getByRole('button', { name: named('Add my current IP (192.0.2.1)') }));
    expect((ip as HTMLInputElement).value).toBe('192.0.2.1');
    await user.click(dialog.getByRole('button', { name: named('Add') }));

    await screen.findByText('192.0.2.1 added to the whitelist');
    expect(add.inputs).toEqual([{ ip: '192.0.2.1', remark: '' }]);
  });

  it.each(['127.0.0.1', '::1', '0.0.0.0', '224.0.0.1', 'unknown', ''])(
    'does not offer a current address the dialog would refuse (%j)',
    async (currentIp) => {
      const { user } = await openWhitelist([office], currentIp);
      const { dialog } = await openAddDialog(user);

      expect(dialog.queryByTestId('whitelist-current-ip')).toBeNull();
    },
  );

  it('offers the current address as the server stores it', async () => {
    const { user } = await openWhitelist([office], '2001:DB8:0:0::7');
    const { dialog, ip } = await openAddDialog(user);
    await user.click(dialog.getByRole('button', { name: named('Add my current IP (2001:db8::7)') }));

    expect((ip as HTMLInputElement).value).toBe('2001:db8::7');
  });

  it('shows when each address was added in UTC, labelled', async () => {
    await openWhitelist([
      aWhitelistEntry({ id: 13, ip: '198.51.100.9', created_at: '2026-02-01T23:30:00.000Z' }),
    ]);
    const row = screen.getByRole('row', { name: /198\.51\.100\.9/ });

    expect(within(row).getByText('2026-02-01 23:30 UTC')).toBeTruthy();
  });

  it('refuses what is not an IP address without asking the server', async () => {
    const add = mockEndpoint(whitelistEndpoints.add, aWhitelistEntry({ id: 12, ip: '192.0.2.1' }));
    const { user } = await openWhitelist();
    const { dialog, ip } = await openAddDialog(user);
    await user.type(ip, '300.1.1.1');
    await user.click(dialog.getByRole('button', { name: named('Add') }));

    await dialog.findByText(validationMessages['en-us']['validation.ip']);
    expect(add.inputs).toEqual([]);
  });

  it('shows an address already on the list on the field, and a full list above the form', async () => {
    mockEndpoint(whitelistEndpoints.add, (_input, call) =>
      call === 1
        ? refuse('IpAlreadyWhitelisted', 'This IP is already on your whitelist')
        : refuse('WhitelistFull', 'Your whitelist already has 50 addresses'),
    );
    const { user } = await openWhitelist();
    const { dialog, ip } = await openAddDialog(user);
    await user.type(ip, '203.0.113.7');
    await user.click(dialog.getByRole('button', { name: named('Add') }));
    await dialog.findByText('This IP is already on your whitelist');

    await user.clear(ip);
    await user.type(ip, '203.0.113.8');
    await user.click(dialog.getByRole('button', { name: named('Add') }));
    expect((await dialog.findByTestId('whitelist-full')).textContent).toBe(
      'Your whitelist already has 50 addresses',
    );
  });

  it('removes an address once the removal is confirmed', async () => {
    const remove = mockEndpoint(whitelistEndpoints.delete, { id: office.id });
    const { user } = await openWhitelist();
    const row = screen.getByRole('row', { name: /203\.0\.113\.7/ });
    await user.click(within(row).getByRole('button', { name: named('Delete') }));
    await screen.findByText('Remove 203.0.113.7 from the whitelist?');
    expect(remove.inputs).toEqual([]);

    const confirm = lastOf(screen.getAllByRole('button', { name: named('Delete') }));
    await user.click(confirm);
    await screen.findByText('203.0.113.7 removed from the whitelist');
    expect(remove.inputs).toEqual([{ id: office.id }]);
  });
});
