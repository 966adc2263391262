import { accountEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import { mockSecurity } from '../../test/security-api';
import { signIn } from '../../test/session';
import { lastOf, named } from '../../test/queries';
import AccountSettingsPage from '.';
import { mockAlerts } from '../../test/alerts-api';

async function openSettings(fields: Parameters<typeof signIn>[0] = {}, tab: 'profile' | 'api' = 'profile') {
  const user = signIn(fields);
  mockSecurity();
  const view = await renderPage(AccountSettingsPage, {
    path: paths.accountSettings,
    url: `${paths.accountSettings}?tab=${tab}`,
  });
  if (tab === 'profile') await screen.findByText(user.email);
  else await screen.findByTestId('api-token-status');
  return view;
}

// The page reads the account's alert settings (its alerts card).
beforeEach(() => {
  mockAlerts();
});
describe('account settings: profile and password', () => {
  it('shows who is signed in and the language the server writes in', async () => {
    await openSettings({ id: 42, email: 'ops@example.com', lang: 'ru' });
    expect(screen.getByTestId('account-id').textContent).toBe('42');
    expect(screen.getByText('Русский')).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
  });

  it('leads to the password change', async () => {
    const { user, location } = await openSettings();
    await user.click(screen.getByRole('button', { name: named('Change password') }));
    expect(location()).toBe(paths.changePassword);
  });

  it('has no password to change for an account made with Google or Yandex', async () => {
    await openSettings({ has_password: false });
    expect(screen.queryByRole('button', { name: named('Change password') })).toBeNull();
  });
});

describe('account settings: developer API token', () => {
  it('generates a token and shows it once', async () => {
    const generate = mockEndpoint(accountEndpoints.genToken, { api_token: 'rp_live_abc123' });
    const { user } = await openSettings({ has_api_token: false }, 'api');
    expect(screen.getByTestId('api-token-status').textContent).toBe('Not created');
    await user.click(screen.getByRole('button', { name: named('Generate token') }));

    expect((await screen.findByTestId('api-token-value')).textContent).toBe('rp_live_abc123');
    expect(screen.getByText(/it is shown only once/)).toBeTruthy();
    expect(screen.getByTestId('api-token-status').textContent).toBe('Active');
    expect(generate.inputs).toEqual([{}]);
  });

  it('regenerates only after confirming, since the old token stops working', async () => {
    const generate = mockEndpoint(accountEndpoints.genToken, { api_token: 'rp_live_new456' });
    const { user } = await openSettings({ has_api_token: true }, 'api');
    await user.click(screen.getByRole('button', { name: named('Regenerate token') }));
    await screen.findByText('The old token stops working immediately.');
    expect(generate.inputs).toEqual([]);

    const confirm = lastOf(screen.getAllByRole('button', { name: named('Regenerate token') }));
    await user.click(confirm);
    expect((await screen.findByTestId('api-token-value')).textContent).toBe('rp_live_new456');
    expect(generate.inputs).toHaveLength(1);
  });
});
