import { adminExitsEndpoints, type AdminExit } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aPage } from '../../test/fixtures';
import { named, untilListLoaded } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminExitsPage from '.';

const provider: AdminExit = {
  id: 'de-provider',
  type: 'http',
  host: '10.0.0.5',
  port: 3128,
  username: 'acct',
  has_password: true,
  country: 'de',
  state: null,
  city: 'frankfurt',
  state_ru: null,
  city_ru: 'Франкфурт',
  forward_targeting: false,
  weight: 2,
  enabled: true,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:00:00.000Z',
  health: {
    status: 'resting',
    consecutive_failures: 3,
    last_error: 'exit de-provider answered HTTP/1.1 407',
    last_error_at: '2026-11-27T09:10:00.000Z',
    resting_until: '2026-11-27T09:10:30.000Z',
    reported_at: '2026-11-27T09:10:05.000Z',
    reported_by: 'gw-1',
    gateways: 1,
  },
  carried: { today_bytes: 1_500_000_000, week_bytes: 2_000_000_000, month_bytes: 9_000_000_000 },
};
const direct: AdminExit = {
  ...provider,
  id: 'direct',
  type: 'direct',
  host: null,
  port: null,
  username: null,
  has_password: false,
  country: null,
  city: null,
  city_ru: null,
  weight: 1,
  health: {
    ...provider.health,
    status: 'ok',
    consecutive_failures: 0,
    last_error: null,
    last_error_at: null,
    resting_until: null,
  },
};

async function openExits() {
  signIn({ access: { name: 'operator' } });
  mockEndpoint(adminExitsEndpoints.list, aPage([provider, direct]));
  const view = await renderPage(AdminExitsPage, { path: paths.adminExits });
  await screen.findByText('de-provider');
  // The rows are on screen; the table's loading blur goes a render later.
  await untilListLoaded('exits-table');
  return view;
}

type User = Awaited<ReturnType<typeof openExits>>['user'];

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);

async function fill(user: User, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(dialog, label));
    await user.type(field(dialog, label), value);
  }
}

describe('console exits: the add/edit dialog', () => {
  it('lists each exit with its address, tags, health, last error and traffic carried', async () => {
    await openExits();
    const row = screen.getByRole('row', { name: /de-provider/ });
    expect(within(row).getByText('10.0.0.5:3128')).toBeTruthy();
    expect(within(row).getByText('DE · Frankfurt')).toBeTruthy();
    expect(within(row).getByText('Resting')).toBeTruthy();
    expect(within(row).getByText(/answered HTTP\/1\.1 407/)).toBeTruthy();
    expect(within(row).getByText('1.50 GB')).toBeTruthy();
    expect(within(row).getByText('9.00 GB')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /^direct/ })).getByText('Lines without a location'),
    ).toBeTruthy();
  });

  it('adds an HTTP upstream: sends exactly what was typed, the password included', async () => {
    const { user } = await openExits();
    const create = mockEndpoint(adminExitsEndpoints.create, { ...provider, id: 'fr-1' });
    await user.click(screen.getByRole('button', { name: named('Add exit') }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an exit' });
    await fill(user, dialog, {
      Name: 'fr-1',
      Host: 'proxy.example.net',
      Port: '8080',
      Username: 'acct',
      Password: 'S3cret pass',
      Country: 'FR',
      City: 'Paris',
      Weight: '3',
      Reason: 'new provider contract',
    });
    await user.click(within(dialog).getByRole('button', { name: named('Add exit') }));
    await screen.findByText('Exit fr-1 added: gateways use it within seconds');
    expect(create.sent).toEqual([
      {
        id: 'fr-1',
        type: 'http',
        country: 'FR',
        city: 'Paris',
        weight: '3',
        reason: 'new provider contract',
        host: 'proxy.example.net',
        port: '8080',
        username: 'acct',
        password: 'S3cret pass',
      },
    ]);
    expect(create.inputs[0]).toMatchObject({ country: 'fr', city: 'paris', port: 8080, weight: 3 });
  });

  it('edits without a password change when the password field stays empty', async () => {
    const { user } = await openExits();
    const update = mockEndpoint(adminExitsEndpoints.update, { ...provider, port: 3129 });
    await user.click(screen.getByTestId('exit-edit-de-provider'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit exit de-provider' });
    expect(field(dialog, 'Password').value).toBe('');
    expect(within(dialog).getByText('Leave empty to keep the stored password.')).toBeTruthy();
    await fill(user, dialog, { Port: '3129', Reason: 'port moved' });
    await user.click(within(dialog).getByRole('button', { name: named('Save') }));
    await screen.findByText('Exit de-provider saved');
    // The whole state, and no password: an empty field keeps the stored one.
    expect(update.sent).toEqual([
      {
        id: 'de-provider',
        type: 'http',
        country: 'de',
        city: 'frankfurt',
        city_ru: 'Франкфурт',
        weight: '2',
        reason: 'port moved',
        host: '10.0.0.5',
        port: '3129',
        username: 'acct',
      },
    ]);
    expect(update.inputs[0]?.password).toBeUndefined();
  });

  it('sends a new password only when one is typed', async () => {
    const { user } = await openExits();
    const update = mockEndpoint(adminExitsEndpoints.update, provider);
    await user.click(screen.getByTestId('exit-edit-de-provider'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit exit de-provider' });
    await fill(user, dialog, { Password: 'rotated-2', Reason: 'rotated by the provider' });
    await user.click(within(dialog).getByRole('button', { name: named('Save') }));
    await screen.findByText('Exit de-provider saved');
    expect(update.sent[0]).toMatchObject({
      id: 'de-provider',
      password: 'rotated-2',
      reason: 'rotated by the provider',
    });
  });

  it('sends no address for a direct exit, whatever was typed before switching', async () => {
    const { user } = await openExits();
    const create = mockEndpoint(adminExitsEndpoints.create, direct);
    await user.click(screen.getByRole('button', { name: named('Add exit') }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an exit' });
    await fill(user, dialog, { Name: 'local-2', Host: 'ignored', Port: '1' });
    // antd hides the radio input itself: the operator clicks its label.
    await user.click(within(dialog).getByText('Direct'));
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Direct' }).checked).toBe(true);
    expect(within(dialog).queryByLabelText('Host')).toBeNull();
    await fill(user, dialog, { Reason: 'second local exit' });
    await user.click(within(dialog).getByRole('button', { name: named('Add exit') }));
    await screen.findByText(/Exit direct added/);
    expect(create.sent).toEqual([
      { id: 'local-2', type: 'direct', weight: '1', reason: 'second local exit' },
    ]);
  });

  it('disables an exit only after a confirmation with a reason', async () => {
    const { user } = await openExits();
    const disable = mockEndpoint(adminExitsEndpoints.disable, { ...provider, enabled: false });
    await user.click(screen.getByTestId('exit-toggle-de-provider'));
    const confirm = await screen.findByRole('dialog', { name: 'Disable exit de-provider?' });
    expect(disable.sent).toEqual([]);
    await user.type(within(confirm).getByTestId('exit-toggle-confirm-reason'), 'provider outage');
    await user.click(within(confirm).getByRole('button', { name: named('Disable') }));
    await screen.findByText('Exit de-provider disabled');
    expect(disable.sent).toEqual([{ id: 'de-provider', reason: 'provider outage' }]);
  });
});
