import { securityEndpoints } from '@resiport/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AccountSettingsPage from '.';
import { mockAlerts } from '../../test/alerts-api';

/** Every time on the settings page in UTC with its label, as on every other screen (docs/product.md#units-and-time). */

// The page reads the account's alert settings (its alerts card).
beforeEach(() => {
  mockAlerts();
});
describe('account settings: times', () => {
  it('shows sessions, the API token and the sign-up date in UTC, labelled on each value', async () => {
    const user = signIn({ has_api_token: true, created_at: '2026-01-15T10:00:00.000Z' });
    mockEndpoint(securityEndpoints.overview, {
      two_factor_enabled: false,
      recovery_codes_left: 0,
      api_token: { created_at: '2026-03-04T05:06:00.000Z', last_used_at: null },
      api_token_revoked: null,
      sessions: [
        {
          id: 's1',
          current: true,
          method: 'password',
          ip: '192.0.2.1',
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
          created_at: '2026-03-01T22:15:00.000Z',
          last_seen_at: '2026-03-02T23:59:00.000Z',
        },
      ],
    });
    const { location } = await renderPage(AccountSettingsPage, { path: paths.accountSettings });
    // The profile opens first.
    await screen.findByText(user.email);
    expect(screen.getByText('2026-01-15 10:00 UTC')).toBeTruthy();

    // Each section is a tab, kept in the address.
    fireEvent.click(screen.getByTestId('settings-tab-security'));
    expect(location()).toBe(`${paths.accountSettings}?tab=security`);
    const row = await screen.findByRole('row', { name: /192\.0\.2\.1/ });
    expect(within(row).getByText('2026-03-02 23:59 UTC')).toBeTruthy();
    expect(within(row).getByText('2026-03-01 22:15 UTC')).toBeTruthy();

    fireEvent.click(screen.getByTestId('settings-tab-api'));
    expect((await screen.findByTestId('api-token-dates')).textContent).toBe(
      'Created 2026-03-04 05:06 UTC · last used never',
    );
  });

  it('says when a revoked token stopped working, in UTC', async () => {
    signIn({ has_api_token: false });
    mockEndpoint(securityEndpoints.overview, {
      two_factor_enabled: false,
      recovery_codes_left: 0,
      api_token: null,
      api_token_revoked: { reason: 'password_changed', revoked_at: '2026-03-04T05:06:00.000Z' },
      sessions: [],
    });
    await renderPage(AccountSettingsPage, {
      path: paths.accountSettings,
      url: `${paths.accountSettings}?tab=api`,
    });

    expect((await screen.findByTestId('api-token-revoked')).textContent).toContain(
      'Your token was revoked on 2026-03-04 05:06 UTC when the password was changed.',
    );
  });
});
